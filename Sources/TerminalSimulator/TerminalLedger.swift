import Foundation
import Hardware
import POSFoundation
import Synchronization

/// The simulated terminal's memory: numbering, the batch since the last end of day, the last transaction
/// (for Repeat Receipt), and its own approval log.
///
/// The log is the simulator's side of the crash soak's check "every approved payment recorded once": each
/// approved transaction is appended exactly once, as one JSON line, to the file at ``logURL`` when one is given.
public final class TerminalLedger: Sendable {
    private struct State {
        var nextReceipt = 1
        var nextTrace = 1
        var transactionCount = 0
        var batch: [SimulatedTransaction] = []
        var all: [SimulatedTransaction] = []
        var last: SimulatedTransaction?
    }

    private let state = Mutex(State())
    /// The JSON-lines file approvals are appended to, if any.
    public let logURL: URL?
    /// The terminal ID the simulator reports.
    public let terminalID: String

    /// Creates a ledger; `logURL` names an append-only JSON-lines file (created if missing).
    public init(logURL: URL? = nil, terminalID: String = "52500038") {
        self.logURL = logURL
        self.terminalID = terminalID
    }

    /// Every transaction booked, in order.
    public var transactions: [SimulatedTransaction] { state.withLock { $0.all } }
    /// The approved ones.
    public var approvals: [SimulatedTransaction] { transactions.filter(\.isApproved) }
    /// The last transaction booked (what Repeat Receipt shows).
    public var lastTransaction: SimulatedTransaction? { state.withLock { $0.last } }

    /// Takes the index of the next money-moving transaction, for the script.
    func nextTransactionIndex() -> Int {
        state.withLock { state in
            defer { state.transactionCount += 1 }
            return state.transactionCount
        }
    }

    /// Books a transaction, numbering it; an approved one is also appended to the log.
    func book(
        _ kind: SimulatedTransaction.Kind, amount: Money, resultCode: UInt8, card: TestCard, reversing: Int? = nil
    ) -> SimulatedTransaction {
        let transaction = state.withLock { state -> SimulatedTransaction in
            let receipt = state.nextReceipt
            let trace = state.nextTrace
            state.nextReceipt = receipt % 9999 + 1
            state.nextTrace = trace % 999_999 + 1
            let transaction = SimulatedTransaction(
                kind: kind, amount: amount, resultCode: resultCode, receiptNumber: receipt, traceNumber: trace,
                approvalCode: resultCode == 0 ? String(format: "%06d", 100_000 + trace * 7 % 900_000) : "",
                cardLastFour: String(card.number.suffix(4)), cardName: card.name, reversedReceiptNumber: reversing
            )
            state.all.append(transaction)
            state.last = transaction
            if transaction.isApproved { state.batch.append(transaction) }
            return transaction
        }
        if transaction.isApproved { appendToLog(transaction) }
        return transaction
    }

    /// The approved payment with a receipt number that no reversal has undone yet.
    func reversible(receiptNumber: Int) -> SimulatedTransaction? {
        state.withLock { state in
            let reversed = Set(state.batch.compactMap(\.reversedReceiptNumber))
            return state.batch.first { $0.kind == .payment && $0.receiptNumber == receiptNumber && !reversed.contains(receiptNumber) }
        }
    }

    /// True when a payment with that receipt number was already reversed.
    func wasReversed(receiptNumber: Int) -> Bool {
        state.withLock { $0.all.contains { $0.kind == .reversal && $0.isApproved && $0.reversedReceiptNumber == receiptNumber } }
    }

    /// Closes the batch: its net total (payments minus refunds and reversals) and count, then empties it.
    func closeBatch() -> (total: Int64, count: Int) {
        state.withLock { state in
            let total = state.batch.reduce(Int64(0)) { sum, transaction in
                transaction.kind == .payment ? sum + transaction.amount.minorUnits : sum - transaction.amount.minorUnits
            }
            defer { state.batch = [] }
            return (total, state.batch.count)
        }
    }

    private func appendToLog(_ transaction: SimulatedTransaction) {
        guard let logURL else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard var line = try? encoder.encode(transaction) else { return }
        line.append(0x0A)
        if !FileManager.default.fileExists(atPath: logURL.path) {
            _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        }
        guard let handle = try? FileHandle(forWritingTo: logURL) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: line)
        try? handle.synchronize()
    }
}
