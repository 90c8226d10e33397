import ArgumentParser
import Composition
import Foundation
import Localization
import Networking
import POSFoundation
import Storage
import TSESimulator
import Yosemite

/// `pos fiscal`: German fiscal law (KassenSichV): the TSE's status, the DSFinV-K export, the fiscal settings, and
/// the demo TSE's outage switch. docs/fiscal.md.
struct FiscalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fiscal",
        abstract: L10n.tr("cli.fiscal.abstract"),
        discussion: L10n.tr("cli.fiscal.discussion"),
        subcommands: [Status.self, Export.self, Configure.self, RegisterClient.self, Notification.self, SimulateOutage.self]
    )

    /// Opens the data directory's environment (no demo seeding).
    @MainActor
    static func session(_ data: DataDirectoryOptions) throws -> (StoresManager, URL) {
        let directory = try data.resolve()
        return (try LiveSession.open(directory), directory)
    }

    static func fail(_ error: FiscalServiceError) -> ExitCode {
        Console.error(error)
        switch error {
        case .noStore, .unhandled: return ExitStatus.notLoggedIn.exitCode
        case .nothingToExport: return ExitStatus.notFound.exitCode
        case .noTSEData: return ExitStatus.failure.exitCode
        case .storage, .write: return ExitStatus.storageFailure.exitCode
        case .directoryNotEmpty: return ExitStatus.usage.exitCode
        }
    }

    // MARK: - status

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: L10n.tr("cli.fiscal.2.abstract"))

        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            let (manager, directory) = try await FiscalCommand.session(data)
            let status: FiscalStatus
            do { status = try await manager.dispatch { FiscalAction.loadStatus(reply: $0) } } catch { throw FiscalCommand.fail(error) }
            let simulatedDown = status.mode == "demo"
                ? (try? PersistentFiscalSigner(directory: directory, clientSerial: "").isDown()) ?? false : false
            let report = FiscalStatusReport(status, simulatedOutage: simulatedDown)
            if json {
                try Console.json(report)
                return
            }
            for line in status.reportLines(simulatedOutage: simulatedDown) { Console.out(line) }
        }
    }

    // MARK: - export

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: L10n.tr("cli.fiscal.3.abstract"),
            discussion: L10n.tr("cli.fiscal.export.discussion"))

        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.fiscal.export.from.help")) var from: String
        @Option(help: .tr("cli.fiscal.export.to.help")) var to: String
        @Argument(help: .tr("cli.fiscal.export.directory.help"), completion: .directory) var directory: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func validate() throws {
            guard FiscalExportDays.day(from) != nil else { throw ValidationError(L10n.tr("cli.invalid.fiscal.1", ["from": "\(from)"])) }
            guard FiscalExportDays.day(to) != nil else { throw ValidationError(L10n.tr("cli.invalid.fiscal.2", ["to": "\(to)"])) }
        }

        func run() async throws {
            let (manager, _) = try await FiscalCommand.session(data)
            let timeZone: TimeZone
            do { timeZone = try await manager.dispatch { FiscalAction.loadExportTimeZone(reply: $0) } } catch {
                throw FiscalCommand.fail(error)
            }
            guard let range = FiscalExportDays.range(from: from, to: to, in: timeZone) else {
                throw ValidationError(L10n.tr("cli.invalid.fiscal.3"))
            }
            let folder = URL(fileURLWithPath: directory, isDirectory: true)
            let summary: FiscalExportSummary
            do { summary = try await manager.dispatch { FiscalAction.writeExport(from: range.from, to: range.end, directory: folder, reply: $0) } } catch {
                throw FiscalCommand.fail(error)
            }
            if json {
                try Console.json(FiscalExportReport(summary))
                return
            }
            let counts: KeyValuePairs<String, String> = [
                "closings": "\(summary.closings)", "receipts": "\(summary.receipts)", "unsigned": "\(summary.unsigned)",
            ]
            Console.out(L10n.tr(summary.unsigned > 0 ? "cli.fiscal.out.export.unsigned" : "cli.fiscal.out.export", counts))
            Console.out(L10n.plural("cli.fiscal.out.wroteFiles", count: summary.files.count, ["path": folder.path]))
        }
    }

    // MARK: - configure

    struct Configure: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "configure",
            abstract: L10n.tr("cli.fiscal.4.abstract"),
            discussion: L10n.tr("cli.fiscal.configure.discussion"))

        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.fiscal.configure.taxNumber.help")) var taxNumber: String?
        @Option(name: .customLong("vat-id"), help: .tr("cli.fiscal.configure.vatID.help")) var vatID: String?
        @Option(help: .tr("cli.fiscal.configure.registerSerial.help")) var registerSerial: String?
        @Option(name: .customLong("tss-id"), help: .tr("cli.fiscal.configure.tssID.help")) var tssID: String?
        @Option(name: .customLong("client-id"), help: .tr("cli.fiscal.configure.clientID.help")) var clientID: String?
        @Option(help: .tr("cli.fiscal.configure.fiskalyKey.help")) var fiskalyKey: String?
        @Option(help: .tr("cli.fiscal.configure.fiskalyURL.help")) var fiskalyURL: String = "https://kassensichv-middleware.fiskaly.com/api/v2"
        @Flag(help: .tr("cli.common.json.help")) var json = false

        /// The `--json` shape: the fiscal settings as saved (absent when not set), whether fiskaly's credentials
        /// were saved now (never the key or secret), and whether the register's TSE client is still to register
        /// (`pos fiscal register-client`). Stable: scripts read it.
        struct Report: Encodable {
            var registerSerial: String?
            var tssId: String?
            var clientId: String?
            var taxNumber: String?
            var vatId: String?
            var fiskalyCredentialsSaved: Bool
            var tseClientPending: Bool
        }

        func run() async throws {
            let directory = try data.resolve()
            var settings = FiscalSettings.load(dataDirectory: directory)
            if let taxNumber { settings.taxNumber = taxNumber }
            if let vatID { settings.vatID = vatID }
            let previousSerial = settings.registerSerial
            if let registerSerial { settings.registerSerial = registerSerial }
            if let tssID { settings.tssID = tssID }
            if let clientID { settings.clientID = clientID }
            // A register is its own TSE client: a new serial signs as the client registered for it, or as none until
            // `pos fiscal register-client` registers it (never as the old register's client).
            var clientPending = false
            if clientID == nil, let serial = settings.registerSerial, serial != previousSerial, settings.clientID != nil {
                settings.clientID = settings.tseClient(forRegister: serial, tssID: settings.tssID)?.clientID
                clientPending = settings.clientID == nil
            }
            do {
                try settings.save(dataDirectory: directory)
                if let fiskalyKey {
                    guard let secret = ProcessInfo.processInfo.environment["POS_FISKALY_API_SECRET"], !secret.isEmpty else {
                        Console.error(L10n.tr("cli.error.fiscal.secret"))
                        throw ExitStatus.usage.exitCode
                    }
                    try FiskalyCredentialsFile(dataDirectory: directory)
                        .save(FiskalyCredentials(baseURL: fiskalyURL, apiKey: fiskalyKey, apiSecret: secret))
                }
            } catch let exit as ExitCode {
                throw exit
            } catch {
                Console.error(L10n.tr("cli.error.fiscal.save", ["path": "\(directory.path)", "error": "\(error)"]))
                throw ExitStatus.storageFailure.exitCode
            }
            if json {
                if clientPending, let serial = settings.registerSerial {
                    Console.error(L10n.tr("cli.register.warning.tseClientPending", ["id": serial]))
                }
                return try Console.json(Report(
                    registerSerial: settings.registerSerial, tssId: settings.tssID, clientId: settings.clientID,
                    taxNumber: settings.taxNumber, vatId: settings.vatID, fiskalyCredentialsSaved: fiskalyKey != nil,
                    tseClientPending: clientPending))
            }
            let notSet = L10n.tr("cli.fiscal.out.notSet")
            Console.out(L10n.tr("cli.fiscal.out.saved", [
                "serial": settings.registerSerial ?? notSet, "tss": settings.tssID ?? notSet,
                "client": settings.clientID ?? notSet, "taxNumber": settings.taxNumber ?? notSet,
                "vatID": settings.vatID ?? notSet,
            ]))
            if clientPending, let serial = settings.registerSerial {
                Console.error(L10n.tr("cli.register.warning.tseClientPending", ["id": serial]))
            }
        }
    }

    // MARK: - register-client

    struct RegisterClient: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "register-client",
            abstract: L10n.tr("cli.fiscal.5.abstract"),
            discussion: L10n.tr("cli.fiscal.registerClient.discussion"))

        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        /// The `--json` shape: the register, its client at the TSE (id, serial, the TSE's state code such as
        /// `REGISTERED`) and the TSS. Stable: scripts read it.
        struct Report: Encodable {
            var register: String
            var clientId: String
            var clientSerial: String
            var state: String?
            var tssId: String
        }

        func run() async throws {
            let directory = try data.resolve()
            let settings = FiscalSettings.load(dataDirectory: directory)
            guard let tssID = settings.tssID, let serial = settings.registerSerial,
                  AppEnvironment.fiskalyRemote(dataDirectory: directory) != nil else {
                Console.error(L10n.tr("cli.fiscal.error.configureFirst"))
                throw ExitStatus.usage.exitCode
            }
            guard let pin = ProcessInfo.processInfo.environment[TSEClientEnrolment.adminPINVariable], !pin.isEmpty else {
                Console.error(L10n.tr("cli.error.fiscal.adminPin"))
                throw ExitStatus.usage.exitCode
            }
            // The configured client id (`pos fiscal configure --client-id`), unless it is another register's client.
            let configured = settings.clientID.flatMap { id in
                settings.tseClients?.contains { $0.clientID == id && $0.registerSerial != serial } == true ? nil : id
            }
            let updated: FiscalSettings
            let outcome: TSEClientEnrolment.Outcome
            do {
                (updated, outcome) = try await TSEClientEnrolment.enrol(
                    register: serial, settings: settings, dataDirectory: directory, adminPIN: pin,
                    clientID: configured, again: true)
            } catch {
                throw RegisterEnrolment.fail(error, previous: serial)
            }
            do { try updated.save(dataDirectory: directory) } catch {
                Console.error(L10n.tr("cli.error.fiscal.save", ["path": "\(directory.path)", "error": "\(error)"]))
                throw ExitStatus.storageFailure.exitCode
            }
            if case let .fiskaly(client, _, _) = outcome {
                if json {
                    return try Console.json(Report(register: serial, clientId: client.id, clientSerial: client.serial,
                                                   state: client.state, tssId: tssID))
                }
                Console.out(L10n.tr("cli.fiscal.out.registered", [
                    "client": client.id, "serial": client.serial, "state": client.state ?? "", "tss": tssID,
                ]))
            }
        }
    }

    // MARK: - simulate-outage

    struct SimulateOutage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "simulate-outage",
            abstract: L10n.tr("cli.fiscal.6.abstract"))

        enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.fiscal.simulateOutage.state.help")) var state: Switch
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            let directory = try data.resolve()
            guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("demo-store").path) else {
                Console.error(L10n.tr("cli.error.fiscal.onlyDemo"))
                throw ExitStatus.failure.exitCode
            }
            do {
                try PersistentFiscalSigner(directory: directory, clientSerial: "").setDown(state == .on)
            } catch {
                Console.error(error)
                throw ExitStatus.storageFailure.exitCode
            }
            // `--json`: the switch as it now stands (`"outage": true` while the demo TSE plays unreachable).
            if json { return try Console.json(["outage": state == .on]) }
            Console.out(L10n.tr(state == .on ? "cli.fiscal.out.simulatedOff" : "cli.fiscal.out.simulatedOn"))
        }
    }
}

/// The `--json` shape of `pos fiscal status`. Stable: scripts read it.
struct FiscalStatusReport: Encodable {
    struct TSE: Encodable {
        var serial: String
        var publicKey: String
        var algorithm: String
        var timeFormat: String
        var registerSerial: String
        var simulated: Bool
        /// This register's client as the TSE reports it.
        var client: Client?
        /// Every client the TSE reports (fiskaly: this till's).
        var clients: [Client]
        var bsiCertificationID: String?
    }

    struct Client: Encodable {
        var id: String
        var serial: String
        var state: String?

        init(_ client: FiscalTSEClient) {
            id = client.id
            serial = client.serial
            state = client.state
        }
    }

    struct Outage: Encodable {
        var since: String
        var cause: String
    }

    struct Counts: Encodable {
        var signed: Int
        var cancelled: Int
        var failed: Int
        var pending: Int
        var outages: Int
        /// Refunds' and cash movements' own TSE transactions, beside the sales above.
        var refunds: Movements
        var cashMovements: Movements
    }

    struct Movements: Encodable {
        var signed: Int
        var failed: Int
        var pending: Int

        init(_ counts: FiscalMovementCounts) {
            signed = counts.signed
            failed = counts.failed
            pending = counts.unsettled
        }
    }

    var mode: String
    var tse: TSE?
    var error: String?
    var simulatedOutage: Bool
    var openOutage: Outage?
    var counts: Counts
    var taxNumber: String?
    var vatID: String?
    var tssID: String?
    var clientID: String?
    var registerSerial: String?

    init(_ status: FiscalStatus, simulatedOutage: Bool) {
        mode = status.mode
        tse = status.identity.map {
            TSE(serial: $0.serial, publicKey: $0.publicKey, algorithm: $0.algorithm, timeFormat: $0.timeFormat,
                registerSerial: $0.clientSerial, simulated: $0.isSimulated, client: $0.client.map(Client.init),
                clients: $0.clients.map(Client.init), bsiCertificationID: $0.bsiCertificationID)
        }
        error = status.error
        self.simulatedOutage = simulatedOutage
        openOutage = status.openOutage.map { Outage(since: FiscalQRCode.isoTime($0.since), cause: $0.causeText()) }
        counts = Counts(signed: status.counts.signed, cancelled: status.counts.cancelled, failed: status.counts.failed,
                        pending: status.counts.unsettled, outages: status.counts.outages,
                        refunds: Movements(status.counts.refunds), cashMovements: Movements(status.counts.cashMovements))
        taxNumber = status.settings.taxNumber
        vatID = status.settings.vatID
        tssID = status.settings.tssID
        clientID = status.settings.clientID
        registerSerial = status.settings.registerSerial
    }
}

/// The `--json` shape of `pos fiscal export`.
struct FiscalExportReport: Encodable {
    var directory: String
    var files: [String]
    var closings: Int
    var receipts: Int
    var unsigned: Int

    init(_ summary: FiscalExportSummary) {
        directory = summary.directory.path
        files = summary.files
        closings = summary.closings
        receipts = summary.receipts
        unsigned = summary.unsigned
    }
}
