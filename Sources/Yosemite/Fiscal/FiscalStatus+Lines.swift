import Foundation
import Localization
import Storage

extension FiscalStatus {
    /// The status as `pos fiscal status` prints it and the counter's TSE screen shows it, one line each: the TSE
    /// in use, its identity, an outage, what was signed, the tax numbers. `simulatedOutage`: the demo TSE is
    /// switched off (`pos fiscal simulate-outage`).
    public func reportLines(simulatedOutage: Bool = false) -> [String] {
        var lines: [String] = []
        switch mode {
        case "none":
            lines.append(L10n.tr("cli.fiscal.out.none"))
        case "demo":
            lines.append(L10n.tr(simulatedOutage ? "cli.fiscal.out.simulated.off" : "cli.fiscal.out.simulated"))
        default:
            lines.append(L10n.tr("cli.fiscal.out.fiskaly", ["tss": settings.tssID ?? "?", "client": settings.clientID ?? "?"]))
        }
        if let identity {
            lines.append(L10n.tr("cli.fiscal.out.serial", ["serial": identity.serial]))
            lines.append(L10n.tr("cli.fiscal.out.registerSerial", ["serial": identity.clientSerial]))
            // This register's client as the TSE reports it, and every client it knows.
            if let client = identity.client {
                lines.append(L10n.tr("cli.fiscal.out.client", [
                    "client": client.id, "serial": client.serial, "state": client.state ?? "?",
                ]))
            }
            if identity.clients.count > 1 {
                lines.append(L10n.tr("cli.fiscal.out.clients", ["clients": identity.clients.map(\.serial).joined(separator: ", ")]))
            }
            lines.append(L10n.tr("cli.fiscal.out.algorithm", ["algorithm": "\(identity.algorithm)", "timeFormat": "\(identity.timeFormat)"]))
            lines.append(L10n.tr("cli.fiscal.out.publicKey", ["key": "\(identity.publicKey)"]))
        }
        if let error { lines.append(L10n.tr("cli.fiscal.out.notAnswering", ["error": "\(error)"])) }
        if let openOutage {
            lines.append(L10n.tr("cli.fiscal.out.outage", ["since": FiscalQRCode.isoTime(openOutage.since), "cause": openOutage.causeText()]))
        }
        lines.append(L10n.tr("cli.fiscal.out.counts", [
            "signed": "\(counts.signed)", "cancelled": "\(counts.cancelled)", "failed": "\(counts.failed)",
            "pending": "\(counts.unsettled)", "outages": "\(counts.outages)",
        ]))
        for (key, movements) in [("cli.fiscal.out.refunds", counts.refunds), ("cli.fiscal.out.cashMovements", counts.cashMovements)] {
            lines.append(L10n.tr(key, [
                "signed": "\(movements.signed)", "failed": "\(movements.failed)", "pending": "\(movements.unsettled)",
            ]))
        }
        let notSet = L10n.tr("cli.fiscal.out.notSet")
        lines.append(L10n.tr("cli.fiscal.out.taxIds", [
            "taxNumber": settings.taxNumber ?? notSet, "vatID": settings.vatID ?? notSet,
        ]))
        return lines
    }
}
