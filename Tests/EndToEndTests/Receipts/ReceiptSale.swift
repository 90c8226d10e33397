import Foundation
import TerminalSimulator
import Testing

/// A sale made through the checkout with `pos sell` on the demo store (a fresh data directory opens it), on a
/// register that stores each sale's receipt without printing it (`"printReceipts": false` in `app-settings.json`,
/// docs/receipts.md), so the receipt commands under test print the original. A card is paid on the in-process
/// terminal (`sim://`) scripted to send no slip of its own (`no-receipt`), so the receipt prints the card fields
/// from the terminal's answer; each approval is logged to `POS_SIM_LEDGER`.
struct ReceiptSale {
    let data: TemporaryDirectory
    let environment: [String: String]

    /// The terminal's log of approvals.
    var ledger: URL { data.url.appendingPathComponent("sim-ledger.jsonl") }

    init(data: TemporaryDirectory, environment: [String: String]) throws {
        self.data = data
        self.environment = environment
        try Data(#"{"printReceipts": false, "receiptWidth": 42}"#.utf8)
            .write(to: data.url.appendingPathComponent("app-settings.json"))
    }

    /// Sells `items` and pays by card (`--pay card --reader sim://`) or in cash (`--pay cash`); answers the
    /// order's local number.
    func sell(_ items: [String], card: Bool) async throws -> String {
        let pay = card ? ["--pay", "card", "--reader", "sim://"] : ["--pay", "cash"]
        let sold = try await PosProcess.run(
            ["sell"] + items.flatMap { ["--item", $0] } + pay + ["--json", "--data-dir", data.path],
            environment: environment.merging(["POS_SIM_SCRIPT": "no-receipt", "POS_SIM_LEDGER": ledger.path]) { $1 })
        #expect(sold.status == 0, "\(sold.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(sold.stdout.utf8)) as? [String: Any],
                                  "\(sold.stdout)\n\(sold.stderr)")
        let number = try #require((report["order"] as? [String: Any])?["localNumber"] as? Int, "\(sold.stdout)")
        return String(number)
    }

    /// The approval codes of the payments the terminal approved, oldest first.
    func approvalCodes() throws -> [String] {
        try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(SimulatedTransaction.self, from: Data($0.utf8)).approvalCode
        }
    }
}
