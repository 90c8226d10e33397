import Foundation
import Localization
import POSFoundation

extension ZReport {
    /// The card terminal's end of day, run when the shift closed (or later, `pos shift end-of-day`), beside the
    /// drawer's count: what the terminal's batch held against what the shift recorded. Amounts are minor units of
    /// the report's currency.
    public struct TerminalClosing: Hashable, Sendable, Codable {
        /// The reader the end of day ran on ("sim://", "zvt+tcp://10.0.0.5:20007").
        public var reader: String
        /// When the terminal closed its batch; `nil` when the end of day did not run.
        public var ranAt: Date?
        /// Why the end of day did not run ("the terminal did not answer: …"); `nil` when it ran.
        public var failure: String?
        /// The batch total the terminal reported (payments less refunds and reversals).
        public var total: Int64?
        /// How many transactions the batch held, where the protocol says (ZVT BMP 60).
        public var count: Int?
        /// The batch per card brand, where the protocol says.
        public var cardTotals: [TerminalBatchReport.CardTotal]
        /// The terminal's id.
        public var terminalID: String?
        /// What the shift recorded for the terminal: card sales, less card refunds, plus the terminal's operations
        /// without a sale.
        public var expectedTotal: Int64
        /// The approved card operations the shift journalled on this reader.
        public var expectedCount: Int

        /// Creates a closing.
        public init(
            reader: String, ranAt: Date?, failure: String?, total: Int64?, count: Int?,
            cardTotals: [TerminalBatchReport.CardTotal], terminalID: String?, expectedTotal: Int64, expectedCount: Int
        ) {
            self.reader = reader
            self.ranAt = ranAt
            self.failure = failure
            self.total = total
            self.count = count
            self.cardTotals = cardTotals
            self.terminalID = terminalID
            self.expectedTotal = expectedTotal
            self.expectedCount = expectedCount
        }

        /// True when the terminal closed its batch.
        public var didRun: Bool { ranAt != nil && failure == nil }
        /// Terminal total − recorded total, when they differ (positive: the terminal holds more).
        public var totalDifference: Int64? {
            guard let total, total != expectedTotal else { return nil }
            return total - expectedTotal
        }
        /// Terminal count − recorded count, when the terminal counts and they differ.
        public var countDifference: Int? {
            guard let count, count != expectedCount else { return nil }
            return count - expectedCount
        }
        /// True when the end of day ran and its totals do not match what the shift recorded.
        public var isMismatch: Bool { didRun && (totalDifference != nil || countDifference != nil) }

        /// The one line a front shows: "matches", "MISMATCH: …", or "did not run: …", in `strings`' language.
        public func summary(format: (Int64) -> String, strings t: Strings = .of(.english)) -> String {
            guard didRun else {
                return t.tr("z.terminal.summary.notRun", ["reason": failure ?? t.tr("z.terminal.unknown")])
            }
            guard isMismatch else { return t.tr("z.terminal.summary.matches") }
            var parts: [String] = []
            if let difference = totalDifference {
                parts.append(t.tr("z.terminal.summary.total", [
                    "terminal": format(total ?? 0), "shift": format(expectedTotal),
                    "difference": (difference > 0 ? "+" : "") + format(difference),
                ]))
            }
            if let difference = countDifference {
                parts.append(t.tr("z.terminal.summary.count", [
                    "terminal": String(count ?? 0), "shift": String(expectedCount),
                    "difference": (difference > 0 ? "+" : "") + String(difference),
                ]))
            }
            return t.tr("z.terminal.summary.mismatch", ["parts": parts.joined(separator: ", ")])
        }
    }
}

extension ZReport {
    /// The rows of the terminal's end of day, after the drawer's (empty without one). The words are `strings`' (the
    /// screen's on a screen, the paper language on paper).
    func terminalRows(format money: (Int64) -> String, strings t: Strings) -> [(String, String)] {
        guard let closing = terminalClosing else { return [] }
        var rows: [(String, String)] = [(t.tr("z.terminal.reader"), closing.reader)]
        guard closing.didRun else {
            rows.append(("  " + t.tr("z.terminal.endOfDay"), t.tr("z.terminal.notRun")))
            rows.append(("  " + t.tr("z.terminal.why"), closing.failure ?? t.tr("z.terminal.unknown")))
            return rows
        }
        let count = closing.count.map { " (\($0))" } ?? ""
        rows.append(("  " + t.tr("z.terminal.total") + count, closing.total.map(money) ?? t.tr("z.terminal.notSent")))
        for brand in closing.cardTotals {
            rows.append(("    \(brand.brand) (\(brand.count))", money(brand.amount)))
        }
        rows.append(("  " + t.tr("z.terminal.shiftTotal") + " (\(closing.expectedCount))", money(closing.expectedTotal)))
        if closing.isMismatch {
            rows.append(("  " + t.tr("z.terminal.mismatch"), closing.totalDifference.map(money)
                ?? t.tr("z.terminal.mismatchCount", ["difference": String(closing.countDifference ?? 0)])))
        } else {
            rows.append(("  " + t.tr("z.terminal.label"), t.tr("z.terminal.matches")))
        }
        return rows
    }
}
