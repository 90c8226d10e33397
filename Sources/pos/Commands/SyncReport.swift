import Foundation
import Localization
import POSFoundation
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
        Console.out(L10n.tr("cli.sync.out.summary", [
            "sent": "\(summary.sent)", "adopted": "\(summary.adopted)", "parked": "\(summary.parked)",
            "remaining": "\(summary.remaining)",
        ]))
        if summary.recoveredInFlight > 0 {
            Console.out(L10n.plural("cli.sync.out.recoveredEntries", count: summary.recoveredInFlight))
        }
        if summary.unreachable {
            let reason = (summary.lastError ?? L10n.tr("cli.sync.out.noAnswer")).trimmingCharacters(in: CharacterSet(charactersIn: "."))
            Console.out(L10n.tr("cli.sync.out.unreachable", ["reason": reason]))
        } else if summary.remaining > 0 {
            Console.out(L10n.tr("cli.sync.out.notAccepted", ["reason": summary.lastError ?? L10n.tr("cli.sync.out.retrying")]))
        }
        for mismatch in summary.mismatches {
            let currency = Currency(code: mismatch.currencyCode)
            Console.out(L10n.tr("cli.sync.out.mismatch", [
                "number": "\(mismatch.remoteNumber)",
                "counter": Money(minorUnits: mismatch.localTotal, currency: currency).screenText,
                "store": Money(minorUnits: mismatch.serverTotal, currency: currency).screenText,
            ]))
        }
        for item in summary.negativeStock {
            Console.out(L10n.tr("cli.sync.out.negativeStock", ["name": "\(item.name)", "product": "\(item.productId)", "quantity": "\(item.quantity)"]))
        }
        printParked(parked)
    }

    static func printQueue(_ items: [OutboxItem], json: Bool) throws {
        if json {
            try Console.json(items)
            return
        }
        if items.isEmpty { Console.out(L10n.tr("cli.sync.out.nothingWaiting")) }
        for item in items where item.state != "parked" {
            Console.out("\(item.id)\t\(L10n.word(.outboxKind, item.kind))\t" + L10n.tr("cli.sync.out.order", ["order": "\(item.orderId ?? 0)"]) + "\t\(L10n.word(.outboxState, item.state))\t"
                + L10n.tr("cli.sync.out.attempts", ["count": "\(item.attemptCount)"]) + "\t\(item.lastError ?? "")")
        }
        printParked(items.filter { $0.state == "parked" })
    }

    private static func printParked(_ parked: [OutboxItem]) {
        for item in parked {
            Console.out(L10n.tr("cli.sync.out.parked", ["id": "\(item.id)"]) + "\t\(L10n.word(.outboxKind, item.kind))\t"
                + L10n.tr("cli.sync.out.order", ["order": "\(item.orderId ?? 0)"]) + "\t\(item.parkedReason ?? "")")
        }
        if !parked.isEmpty {
            Console.out(L10n.tr("cli.sync.out.fixParked"))
        }
    }
}
