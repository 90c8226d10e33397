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
        discussion: """
            Every sale is signed by the TSE when one is set up: the demo store's simulated TSE, or fiskaly's cloud \
            TSE (`pos fiscal configure`). A TSE outage never stops a sale: it is recorded, shown by `pos status` \
            and on the receipt, and exported. See docs/fiscal.md.
            """,
        subcommands: [Status.self, Export.self, Configure.self, RegisterClient.self, SimulateOutage.self]
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
        case .noStore: return ExitStatus.notLoggedIn.exitCode
        case .nothingToExport: return ExitStatus.notFound.exitCode
        case .noTSEData: return ExitStatus.failure.exitCode
        case .storage, .write: return ExitStatus.storageFailure.exitCode
        }
    }

    // MARK: - status

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
            switch status.mode {
            case "none":
                Console.out("TSE: none set up (`pos fiscal configure`, docs/fiscal.md); sales are not signed.")
            case "demo":
                Console.out("TSE: simulated (demo store; not certified, receipts say DEMO)"
                    + (simulatedDown ? " — switched off (`pos fiscal simulate-outage off`)" : ""))
            default:
                Console.out("TSE: fiskaly SIGN DE, TSS \(status.settings.tssID ?? "?"), client \(status.settings.clientID ?? "?")")
            }
            if let identity = status.identity {
                Console.out("Serial: \(identity.serial)")
                Console.out("Register serial: \(identity.clientSerial)")
                Console.out("Algorithm: \(identity.algorithm), time format \(identity.timeFormat)")
                Console.out("Public key: \(identity.publicKey)")
            }
            if let error = status.error { Console.out("TSE not answering: \(error)") }
            if let outage = status.openOutage {
                Console.out("OUTAGE since \(FiscalQRCode.isoTime(outage.since)): \(outage.cause)")
            }
            let counts = status.counts
            Console.out("Signed: \(counts.signed), cancelled (AVBelegabbruch): \(counts.cancelled), "
                + "unsigned during outages: \(counts.failed), pending: \(counts.unsettled), outages: \(counts.outages)")
            for (name, movements) in [("Refunds", counts.refunds), ("Cash movements", counts.cashMovements)] {
                Console.out("\(name): signed: \(movements.signed), unsigned during outages: \(movements.failed), "
                    + "pending: \(movements.unsettled)")
            }
            Console.out("Tax number: \(status.settings.taxNumber ?? "not set"), VAT id: \(status.settings.vatID ?? "not set")")
        }
    }

    // MARK: - export

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: L10n.tr("cli.fiscal.3.abstract"),
            discussion: """
                Each closed shift (its Z report) is a Kassenabschluss; its completed and voided sales are the \
                receipts, with their TSE data or the outage (TSE_TA_FEHLER). Dates are YYYY-MM-DD in the \
                receipts' time zone, both included.
                """)

        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.fiscal.export.from.help")) var from: String
        @Option(help: .tr("cli.fiscal.export.to.help")) var to: String
        @Argument(help: .tr("cli.fiscal.export.directory.help"), completion: .directory) var directory: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func validate() throws {
            guard Self.day(from) != nil else { throw ValidationError(L10n.tr("cli.invalid.fiscal.1", ["from": "\(from)"])) }
            guard Self.day(to) != nil else { throw ValidationError(L10n.tr("cli.invalid.fiscal.2", ["to": "\(to)"])) }
        }

        static func day(_ text: String) -> DateComponents? {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
            return DateComponents(year: parts[0], month: parts[1], day: parts[2])
        }

        func run() async throws {
            let (manager, _) = try await FiscalCommand.session(data)
            var calendar = Calendar(identifier: .gregorian)
            do { calendar.timeZone = try await manager.dispatch { FiscalAction.loadExportTimeZone(reply: $0) } } catch {
                throw FiscalCommand.fail(error)
            }
            guard let fromDay = Self.day(from).flatMap({ calendar.date(from: $0) }),
                  let toDay = Self.day(to).flatMap({ calendar.date(from: $0) }),
                  let end = calendar.date(byAdding: .day, value: 1, to: toDay) else {
                throw ValidationError(L10n.tr("cli.invalid.fiscal.3"))
            }
            let folder = URL(fileURLWithPath: directory, isDirectory: true)
            let summary: FiscalExportSummary
            do { summary = try await manager.dispatch { FiscalAction.writeExport(from: fromDay, to: end, directory: folder, reply: $0) } } catch {
                throw FiscalCommand.fail(error)
            }
            if json {
                try Console.json(FiscalExportReport(summary))
                return
            }
            Console.out("DSFinV-K export: \(summary.closings) closing(s), \(summary.receipts) receipt(s)"
                + (summary.unsigned > 0 ? ", \(summary.unsigned) unsigned (TSE outage or no TSE)" : ""))
            Console.out("Wrote \(summary.files.count) files to \(folder.path)")
        }
    }

    // MARK: - configure

    struct Configure: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: L10n.tr("cli.fiscal.4.abstract"),
            discussion: """
                Only the options given change. The fiskaly API secret is read from $POS_FISKALY_API_SECRET (never \
                from the command line) and saved with the key in fiskaly-credentials.json (mode 0600).
                """)

        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.fiscal.configure.taxNumber.help")) var taxNumber: String?
        @Option(name: .customLong("vat-id"), help: .tr("cli.fiscal.configure.vatID.help")) var vatID: String?
        @Option(help: .tr("cli.fiscal.configure.registerSerial.help")) var registerSerial: String?
        @Option(name: .customLong("tss-id"), help: .tr("cli.fiscal.configure.tssID.help")) var tssID: String?
        @Option(name: .customLong("client-id"), help: .tr("cli.fiscal.configure.clientID.help")) var clientID: String?
        @Option(help: .tr("cli.fiscal.configure.fiskalyKey.help")) var fiskalyKey: String?
        @Option(help: .tr("cli.fiscal.configure.fiskalyURL.help")) var fiskalyURL: String = "https://kassensichv-middleware.fiskaly.com/api/v2"

        func run() async throws {
            let directory = try data.resolve()
            var settings = FiscalSettings.load(dataDirectory: directory)
            if let taxNumber { settings.taxNumber = taxNumber }
            if let vatID { settings.vatID = vatID }
            if let registerSerial { settings.registerSerial = registerSerial }
            if let tssID { settings.tssID = tssID }
            if let clientID { settings.clientID = clientID }
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
            Console.out("Fiscal settings saved: register serial \(settings.registerSerial ?? "not set"), "
                + "TSS \(settings.tssID ?? "not set"), client \(settings.clientID ?? "not set"), "
                + "tax number \(settings.taxNumber ?? "not set"), VAT id \(settings.vatID ?? "not set").")
        }
    }

    // MARK: - register-client

    struct RegisterClient: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "register-client",
            abstract: L10n.tr("cli.fiscal.5.abstract"),
            discussion: """
                Needs `pos fiscal configure` with --tss-id, --register-serial and --fiskaly-key first, and the TSS's \
                admin PIN in $POS_FISKALY_ADMIN_PIN (never on the command line). Without --client-id set, a new \
                client id is made and saved. The TSS must be initialised at fiskaly.
                """)

        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let directory = try data.resolve()
            var settings = FiscalSettings.load(dataDirectory: directory)
            guard let tssID = settings.tssID, let serial = settings.registerSerial,
                  let remote = AppEnvironment.fiskalyRemote(dataDirectory: directory) else {
                Console.error("set the TSS id, the register serial and the fiskaly key first: `pos fiscal configure "
                    + "--tss-id ID --register-serial SERIAL --fiskaly-key KEY`")
                throw ExitStatus.usage.exitCode
            }
            guard let pin = ProcessInfo.processInfo.environment["POS_FISKALY_ADMIN_PIN"], !pin.isEmpty else {
                Console.error(L10n.tr("cli.error.fiscal.adminPin"))
                throw ExitStatus.usage.exitCode
            }
            let clientID = settings.clientID ?? UUID().uuidString.lowercased()
            let client: FiskalyClient
            do {
                try await remote.authenticateAdmin(tssID: tssID, adminPIN: pin)
                client = try await remote.registerClient(tssID: tssID, clientID: clientID, serialNumber: serial)
            } catch {
                Console.error(error)
                throw ExitStatus.failure.exitCode
            }
            settings.clientID = client.id
            do { try settings.save(dataDirectory: directory) } catch {
                Console.error(L10n.tr("cli.error.fiscal.save", ["path": "\(directory.path)", "error": "\(error)"]))
                throw ExitStatus.storageFailure.exitCode
            }
            Console.out("Registered client \(client.id) (serial \(client.serialNumber), \(client.state)) on TSS \(tssID).")
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
            Console.out(state == .on
                ? "The simulated TSE is switched off: sales go on and are recorded as a TSE outage."
                : "The simulated TSE answers again; the outage ends with the next signed call.")
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
                registerSerial: $0.clientSerial, simulated: $0.isSimulated)
        }
        error = status.error
        self.simulatedOutage = simulatedOutage
        openOutage = status.openOutage.map { Outage(since: FiscalQRCode.isoTime($0.since), cause: $0.cause) }
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
