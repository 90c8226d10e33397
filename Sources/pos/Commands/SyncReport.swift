import Foundation
import Yosemite

/// The output of `pos sync`: human lines, or one stable JSON object for scripts.
struct SyncReport: Encodable {
    var status: String
    var summary: SyncSummary
    var parked: [OutboxItem]
    var pending: [OutboxItem]

    static func print(_ summary: SyncSummary, queue: [OutboxItem], json: Bool) throws {
        let parked = queue.filter { $0.state == "parked" }
        let pending = queue.filter { $0.state != "parked" }
        let status = switch SyncExitStatus(summary) {
        case .synced: "synced"
        case .parked: "parked"
        case .unreachable: "unreachable"
        }
        if json {
            try Console.json(SyncReport(status: status, summary: summary, parked: parked, pending: pending))
            return
        }
        Console.out("Sent \(summary.sent), adopted \(summary.adopted), parked \(summary.parked), remaining \(summary.remaining).")
        if summary.recoveredInFlight > 0 {
            Console.out("Checked \(summary.recoveredInFlight) entries left in flight by an interrupted sync.")
        }
        if summary.unreachable {
            let reason = (summary.lastError ?? "no answer").trimmingCharacters(in: CharacterSet(charactersIn: "."))
            Console.out("The store is unreachable: \(reason). Sales stay queued; run `pos sync` again later.")
        } else if summary.remaining > 0 {
            Console.out("The store did not accept everything yet (\(summary.lastError ?? "retrying")); run `pos sync` again later.")
        }
        for mismatch in summary.mismatches {
            Console.out("Total differs on order #\(mismatch.remoteNumber): counter \(mismatch.localTotal), store \(mismatch.serverTotal) (minor units, \(mismatch.currencyCode)).")
        }
        for item in summary.negativeStock {
            Console.out("Negative stock: \(item.name) (product \(item.productId)) is at \(item.quantity).")
        }
        printParked(parked)
    }

    static func printQueue(_ items: [OutboxItem], json: Bool) throws {
        if json {
            try Console.json(items)
            return
        }
        if items.isEmpty { Console.out("Nothing is waiting.") }
        for item in items where item.state != "parked" {
            Console.out("\(item.id)\t\(item.kind)\torder \(item.orderId ?? 0)\t\(item.state)\tattempts \(item.attemptCount)\t\(item.lastError ?? "")")
        }
        printParked(items.filter { $0.state == "parked" })
    }

    private static func printParked(_ parked: [OutboxItem]) {
        for item in parked {
            Console.out("PARKED \(item.id)\t\(item.kind)\torder \(item.orderId ?? 0)\t\(item.parkedReason ?? "")")
        }
        if !parked.isEmpty {
            Console.out("Fix the cause on the store, then `pos sync --retry ID`, or `pos sync --discard ID --confirm-discard`.")
        }
    }
}
