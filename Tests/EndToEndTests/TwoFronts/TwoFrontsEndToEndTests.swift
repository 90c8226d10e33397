import Foundation
import Testing

/// Two fronts, one sale: one scripted day (a cashier signs in; items, discounts a manager approves, a coupon, a
/// declined card then cash, a split, a cart parked and resumed, one voided, refunds a manager approves) run once
/// through `pos cashier sign-in`/`pos sell`/`pos cart`/`pos refund` and once at the counter in tmux, each on a fresh
/// demo data directory, leaves the same records: both databases, compared table by table and row by row (ids,
/// times and other per-run values masked: ``DatabaseSnapshot``), are identical. Every front is a thin driver of the
/// one checkout, so the same cashier's input makes the same sale.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct TwoFrontsEndToEndTests {
    /// A column the two fronts still record differently for a reason outside them (in Yosemite's checkout or card
    /// code, being changed elsewhere now): compared apart, under `withKnownIssue`, so the rest stays enforced and
    /// the test says so once the cause is gone.
    struct KnownDifference {
        var table: String
        var column: String
        var why: Comment
    }

    /// Differences the comparison knows of and reports as known issues (none now: each one found was fixed).
    static let knownDifferences: [KnownDifference] = []

    @Test func oneScriptedDay_throughTheCommandLineAndAtTheCounter_recordsTheSameRows() async throws {
        // Given two fresh demo data directories with the same cashiers (Ann manages, Bob sells)
        let commandLine = try TemporaryDirectory()
        defer { commandLine.remove() }
        let counter = try TemporaryDirectory()
        defer { counter.remove() }
        async let preparedCommandLine: Void = CashierDemoData.prepare(commandLine, idleLockSeconds: 0)
        try await CashierDemoData.prepare(counter, idleLockSeconds: 0)
        try await preparedCommandLine

        // When the day runs through the command line and, at the same time, at the counter
        async let typed: Void = CommandLineFront(data: commandLine).run(ScriptedDay.steps)
        let keyed = try CounterFront(data: counter)
        var failures: [String] = []
        do { try await keyed.run(ScriptedDay.steps) } catch { failures.append("\(error)") }
        do { try await typed } catch { failures.append("\(error)") }
        try #require(failures.isEmpty, "the day did not run through: \(failures.joined(separator: "\n"))")

        // Then both databases hold the same rows, table by table
        var left = try DatabaseSnapshot(dataDirectory: commandLine.url)
        var right = try DatabaseSnapshot(dataDirectory: counter.url)
        #expect(left.tables.keys.sorted() == right.tables.keys.sorted())
        // (the day left its records: a comparison of two empty databases would prove nothing)
        // (each sale is its order from its first scan: five completed and the voided cart)
        for (table, count) in ["order": 6, "payment": 6, "paymentJournal": 3, "approval": 5, "receipt": 8] {
            #expect(left.tables[table]?.rows.count == count, "\(table): \(left.tables[table]?.rows.count ?? 0) rows")
        }
        #expect(left.tables["sale"] == nil && left.tables["saleTender"] == nil)
        #expect(left.values(of: "state", in: "order")?.filter { $0 == "completed" }.count == 5)
        #expect(left.values(of: "customerId", in: "order") == ["NULL", "5", "NULL", "NULL", "NULL", "NULL"])
        #expect(left.values(of: "code", in: "orderCoupon") == ["demo10"])
        #expect(left.values(of: "cashier", in: "order")?.filter { $0 != "NULL" } == Array(repeating: "Bob", count: 5))
        for known in Self.knownDifferences {
            let (leftRest, leftValues) = left.removing(column: known.column, of: known.table)
            let (rightRest, rightValues) = right.removing(column: known.column, of: known.table)
            (left, right) = (leftRest, rightRest)
            withKnownIssue(known.why) {
                #expect(leftValues == rightValues, """
                    \(known.table).\(known.column): pos sell \(String(describing: leftValues)), \
                    counter \(String(describing: rightValues))
                    """)
            }
        }
        let differences = DatabaseSnapshot.differences(left, right, leftName: "pos sell", rightName: "counter")
        for table in left.tables.keys.sorted() {
            #expect(differences[table] == nil, "\(differences[table] ?? "")")
        }
    }
}
