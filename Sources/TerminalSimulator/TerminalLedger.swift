import Foundation
import Hardware
import POSFoundation
import Synchronization

/// The simulated terminal's memory: numbering, the batch since the last end of day, the last transaction
/// (for Repeat Receipt), and its own approval log.
///
/// The log is the simulator's side of the crash soak's check "every approved payment recorded once": each
/// approved transaction is appended exactly once, as one JSON line, to the file at ``logURL`` when one is given.
///
/// With a ``stateURL`` the memory itself lives in that file, as a real terminal's survives a power cycle: it is
/// read before and written (atomically) after every change, so the in-process `sim://` terminal of one `pos` run
/// continues the numbering and the open batch of the last (the reader lock keeps two runs from using it at once).
public final class TerminalLedger: Sendable {
    private struct State: Codable {
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
    /// The file the ledger's memory is kept in, if any.
    public let stateURL: URL?
    /// The terminal ID the simulator reports.
    public let terminalID: String

    /// Creates a ledger; `logURL` names an append-only JSON-lines file (created if missing); `stateURL` a file
    /// that holds the ledger's memory across processes (read when present).
    public init(logURL: URL? = nil, stateURL: URL? = nil, terminalID: String = "52500038") {
        self.logURL = logURL
        self.stateURL = stateURL
        self.terminalID = terminalID
    }

    /// Every transaction booked, in order.
    public var transactions: [SimulatedTransaction] { withState { $0.all } }
    /// The approved ones.
    public var approvals: [SimulatedTransaction] { transactions.filter(\.isApproved) }
    /// The last transaction booked (what Repeat Receipt shows).
    public var lastTransaction: SimulatedTransaction? { withState { $0.last } }
    /// The approved transactions since the last end of day.
    public var openBatch: [SimulatedTransaction] { withState { $0.batch } }

    /// Takes the index of the next money-moving transaction, for the script.
    func nextTransactionIndex() -> Int {
        withState { state in
            defer { state.transactionCount += 1 }
            return state.transactionCount
        }
    }

    /// Runs `body` on the state, read from ``stateURL`` first and written back after when there is one.
    private func withState<T: Sendable>(_ body: (inout State) -> T) -> T {
        state.locked { state in
            guard let stateURL else { return body(&state) }
            if let data = try? Data(contentsOf: stateURL), let stored = try? JSONDecoder().decode(State.self, from: data) {
                state = stored
            }
            let before = state
            let result = body(&state)
            if !Self.same(before, state) {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                if let data = try? encoder.encode(state) { try? DurableFile.replace(stateURL.path, with: data, permissions: 0o644) }
            }
            return result
        }
    }

    private static func same(_ a: State, _ b: State) -> Bool {
        a.nextReceipt == b.nextReceipt && a.nextTrace == b.nextTrace && a.transactionCount == b.transactionCount
            && a.batch == b.batch && a.all == b.all && a.last == b.last
    }

    /// Books a transaction, numbering it; an approved one is also appended to the log.
    func book(
        _ kind: SimulatedTransaction.Kind, amount: Money, resultCode: UInt8, card: TestCard, reversing: Int? = nil
    ) -> SimulatedTransaction {
        let transaction = withState { state -> SimulatedTransaction in
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
        withState { state in
            let reversed = Set(state.batch.compactMap(\.reversedReceiptNumber))
            return state.batch.first { $0.kind == .payment && $0.receiptNumber == receiptNumber && !reversed.contains(receiptNumber) }
        }
    }

    /// True when a payment with that receipt number was already reversed.
    func wasReversed(receiptNumber: Int) -> Bool {
        withState { $0.all.contains { $0.kind == .reversal && $0.isApproved && $0.reversedReceiptNumber == receiptNumber } }
    }

    /// A closed batch: its net total (payments minus refunds and reversals), how many transactions it held, and
    /// the same per card group as BMP 60 carries them (a group's turnover is its net, never below zero).
    struct ClosedBatch {
        var total: Int64
        var count: Int
        var totals: ZVTIndividualTotals
    }

    /// Closes the batch and empties it.
    func closeBatch() -> ClosedBatch {
        withState { state in
            defer { state.batch = [] }
            return Self.closed(state.batch)
        }
    }

    static func closed(_ batch: [SimulatedTransaction]) -> ClosedBatch {
        func net(_ transactions: [SimulatedTransaction]) -> Int64 {
            transactions.reduce(Int64(0)) { sum, transaction in
                transaction.kind == .payment ? sum + transaction.amount.minorUnits : sum - transaction.amount.minorUnits
            }
        }
        let groups = Dictionary(grouping: batch) { transaction in
            ZVTIndividualTotals.Group(zvtCardType: TestCard.named(transaction.cardName)?.zvtCardType ?? 0)
        }
        let entries = groups.map { group, transactions in
            ZVTIndividualTotals.Entry(group: group, count: transactions.count, turnover: max(net(transactions), 0))
        }
        let receipts = batch.map(\.receiptNumber)
        let totals = ZVTIndividualTotals(firstReceipt: receipts.first ?? 0, lastReceipt: receipts.last ?? 0, entries: entries)
        return ClosedBatch(total: net(batch), count: batch.count, totals: totals)
    }

    private func appendToLog(_ transaction: SimulatedTransaction) {
        guard let logURL else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard var line = try? encoder.encode(transaction) else { return }
        line.append(0x0A)
        // Flushed before the terminal answers: the ledger is the terminal's word on what it charged.
        try? DurableFile.append(line, to: logURL.path, permissions: 0o644)
    }
}
