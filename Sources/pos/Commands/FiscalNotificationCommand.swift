import ArgumentParser
import Foundation
import Localization
import Yosemite

extension FiscalCommand {
    /// `pos fiscal notification [--json]`: what the ELSTER form "Mitteilung über elektronische
    /// Aufzeichnungssysteme (§ 146a Abs. 4 AO)" asks, per register, as pos knows it, and which fields the merchant
    /// fills in. pos does not submit it. docs/fiscal.md, "Notifying the tax office (ELSTER)".
    struct Notification: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "notification",
            abstract: L10n.tr("cli.fiscal.notification.abstract"),
            discussion: L10n.tr("cli.fiscal.notification.discussion"))

        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            let (manager, _) = try await FiscalCommand.session(data)
            let notification: FiscalNotification
            let timeZone: TimeZone
            do {
                notification = try await manager.dispatch { FiscalAction.loadNotification(reply: $0) }
                timeZone = try await manager.dispatch { FiscalAction.loadExportTimeZone(reply: $0) }
            } catch {
                throw FiscalCommand.fail(error)
            }
            let report = FiscalNotificationReport(notification, timeZone: timeZone)
            if json {
                try Console.json(report)
                return
            }
            Self.print(report)
        }

        static func print(_ report: FiscalNotificationReport) {
            func line(_ key: String, _ value: String?, otherwise fill: String) {
                Console.out(L10n.tr(key, ["value": value.flatMap { $0.isEmpty ? nil : $0 } ?? L10n.tr(fill)]))
            }
            Console.out(L10n.tr("cli.fiscal.notification.out.header"))
            switch report.mode {
            case "demo": Console.out(L10n.tr("cli.fiscal.notification.out.demo"))
            case "none": Console.out(L10n.tr("cli.fiscal.notification.out.noTSE"))
            default: break
            }
            if let error = report.tseError { Console.out(L10n.tr("cli.fiscal.notification.out.tseError", ["error": error])) }
            Console.out("")
            Console.out(L10n.tr("cli.fiscal.notification.out.premises"))
            line("cli.fiscal.notification.out.name", report.premises.name, otherwise: "cli.fiscal.notification.fill.plain")
            line("cli.fiscal.notification.out.taxNumber", report.premises.taxNumber, otherwise: "cli.fiscal.notification.fill.taxNumber")
            line("cli.fiscal.notification.out.address", report.premises.address, otherwise: "cli.fiscal.notification.fill.plain")
            Console.out(L10n.tr("cli.fiscal.notification.out.count", ["count": String(report.registers.count)]))
            for register in report.registers {
                Console.out("")
                Console.out(L10n.tr(register.current ? "cli.fiscal.notification.out.register.current"
                                    : "cli.fiscal.notification.out.register", ["serial": register.serial]))
                line("cli.fiscal.notification.out.type", register.type, otherwise: "cli.fiscal.notification.fill.plain")
                line("cli.fiscal.notification.out.software", register.software, otherwise: "cli.fiscal.notification.fill.plain")
                line("cli.fiscal.notification.out.version", register.softwareVersion, otherwise: "cli.fiscal.notification.fill.plain")
                line("cli.fiscal.notification.out.serial", register.serial, otherwise: "cli.fiscal.notification.fill.plain")
                line("cli.fiscal.notification.out.manufacturer", register.manufacturer, otherwise: "cli.fiscal.notification.fill.hardware")
                line("cli.fiscal.notification.out.model", register.model, otherwise: "cli.fiscal.notification.fill.hardware")
                line("cli.fiscal.notification.out.purchase", register.purchaseDate, otherwise: "cli.fiscal.notification.fill.purchase")
                line("cli.fiscal.notification.out.firstUse",
                     register.firstUse.map { L10n.tr("cli.fiscal.notification.value.firstSigned", ["date": $0]) },
                     otherwise: "cli.fiscal.notification.fill.firstUse")
                line("cli.fiscal.notification.out.retired", nil, otherwise: "cli.fiscal.notification.fill.retired")
                if let client = register.tseClientID {
                    Console.out(L10n.tr("cli.fiscal.notification.out.client", [
                        "value": register.tseClientRegisteredAt.map {
                            L10n.tr("cli.fiscal.notification.value.client", ["client": client, "date": $0])
                        } ?? client,
                    ]))
                }
            }
            Console.out("")
            Console.out(L10n.tr("cli.fiscal.notification.out.tse"))
            let tse = report.tse
            line("cli.fiscal.notification.out.tseSerial", tse?.serial, otherwise: "cli.fiscal.notification.fill.tseSerial")
            line("cli.fiscal.notification.out.bsi",
                 tse?.simulated == true ? L10n.tr("cli.fiscal.notification.value.bsiSimulated") : tse?.bsiCertificationID,
                 otherwise: "cli.fiscal.notification.fill.bsi")
            line("cli.fiscal.notification.out.tseKind",
                 tse.map { L10n.tr($0.simulated ? "cli.fiscal.notification.value.kind.simulated"
                                   : "cli.fiscal.notification.value.kind.cloud") },
                 otherwise: "cli.fiscal.notification.fill.plain")
            line("cli.fiscal.notification.out.tseFirstUse",
                 tse?.firstUse.map { L10n.tr("cli.fiscal.notification.value.firstSigned", ["date": $0]) },
                 otherwise: "cli.fiscal.notification.fill.firstUse")
        }
    }
}

/// The `--json` shape of `pos fiscal notification`. Stable: scripts read it. Dates are days (`YYYY-MM-DD`) in the
/// receipts' time zone; a field pos does not know is left out and named in its object's `fillIn`.
struct FiscalNotificationReport: Encodable {
    struct Premises: Encodable {
        var name: String?
        var taxNumber: String?
        var address: String?
        var fillIn: [String]
    }

    struct Register: Encodable {
        var serial: String
        var current: Bool
        var type: String
        var software: String
        var softwareVersion: String
        var manufacturer: String?
        var model: String?
        var purchaseDate: String?
        var firstUse: String?
        var decommissionDate: String?
        var tseClientID: String?
        var tseClientRegisteredAt: String?
        var fillIn: [String]
    }

    struct TSE: Encodable {
        var serial: String
        var bsiCertificationID: String?
        var kind: String
        var simulated: Bool
        var firstUse: String?
        var fillIn: [String]
    }

    var form: String
    var mode: String
    var premises: Premises
    var registers: [Register]
    var tse: TSE?
    var tseError: String?

    init(_ notification: FiscalNotification, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func day(_ date: Date?) -> String? {
            date.map {
                let parts = calendar.dateComponents([.year, .month, .day], from: $0)
                return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            }
        }
        func missing(_ fields: [(String, Any?)]) -> [String] {
            fields.filter { $0.1 == nil }.map(\.0)
        }
        form = "Mitteilung über elektronische Aufzeichnungssysteme (§ 146a Abs. 4 AO)"
        mode = notification.mode
        let place = [notification.street, [notification.postalCode, notification.city].filter { !$0.isEmpty }
            .joined(separator: " "), notification.country].filter { !$0.isEmpty }.joined(separator: ", ")
        let name = notification.storeName.isEmpty ? nil : notification.storeName
        let address = place.isEmpty ? nil : place
        premises = Premises(name: name, taxNumber: notification.taxNumber, address: address,
                            fillIn: missing([("name", name), ("taxNumber", notification.taxNumber), ("address", address)]))
        registers = notification.registers.map { register in
            let firstUse = day(register.firstUse)
            return Register(
                serial: register.serial, current: register.current, type: register.type, software: register.software,
                softwareVersion: register.softwareVersion, manufacturer: register.manufacturer, model: register.model,
                purchaseDate: day(register.purchaseDate), firstUse: firstUse, decommissionDate: nil,
                tseClientID: register.tseClientID, tseClientRegisteredAt: day(register.tseClientRegisteredAt),
                fillIn: missing([("manufacturer", register.manufacturer), ("model", register.model),
                                 ("purchaseDate", register.purchaseDate), ("firstUse", firstUse)]))
        }
        tse = notification.tse.map { tse in
            let firstUse = day(tse.firstUse)
            // The simulated TSE has no certification id to fill in: it cannot be notified at all.
            return TSE(serial: tse.serial, bsiCertificationID: tse.bsiCertificationID, kind: tse.kind,
                       simulated: tse.isSimulated, firstUse: firstUse,
                       fillIn: missing([("bsiCertificationID", tse.isSimulated ? "" : tse.bsiCertificationID),
                                        ("firstUse", firstUse)]))
        }
        tseError = notification.tseError
    }
}
