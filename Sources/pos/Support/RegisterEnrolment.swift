import ArgumentParser
import Composition
import Counter
import Foundation
import Localization
import Storage
import Yosemite

/// Sets the till's register id and registers it as a client of the TSE (``TSEClientEnrolment``), for `pos
/// register set`, `pos login --register` and the counter's register screen: the settings are saved only once the
/// TSE has the register as its client, so a refusal leaves the till on its old register.
enum RegisterEnrolment {
    /// Why the register was not set, as said to the cashier (CLI: on standard error, then exit `exitCode`).
    struct Refusal: Error {
        var lines: [String]
        var exitCode: ExitCode
    }

    /// Sales opened on another register and not finished: a sale keeps the register and TSE client it was opened
    /// with, so the register cannot change while one is open or parked. Nil when the change may go ahead.
    static func unfinishedSales(changingTo id: String, directory: URL) async -> Refusal? {
        let previous = FiscalSettings.load(dataDirectory: directory).registerSerial
        guard previous != id else { return nil }
        let database: AppDatabase?
        do {
            database = try RegisterCommand.database(directory)
        } catch {
            return Refusal(lines: [], exitCode: ExitStatus.storageFailure.exitCode)
        }
        guard let database else { return nil }
        let unfinished: [OrderRecord]
        do {
            unfinished = try await database.unfinishedSales()
        } catch {
            return Refusal(lines: [L10n.tr("cli.error.registerRead", ["error": StorageError(wrapping: error).message])],
                           exitCode: ExitStatus.storageFailure.exitCode)
        }
        guard !unfinished.isEmpty else { return nil }
        let sales = unfinished.map { sale -> String in
            let id = String(sale.id ?? 0)
            if sale.state == .parked {
                return L10n.tr("cli.register.sale.parked", ["id": id, "name": sale.parkedName ?? id])
            }
            return L10n.tr("cli.register.sale.open", ["id": id, "items": String(sale.itemCount)])
        }.joined(separator: ", ")
        return Refusal(lines: [
            L10n.tr("cli.register.error.unfinishedSales", [
                "register": (previous ?? "").isEmpty ? L10n.tr("cli.register.noneSet") : previous ?? "",
                "count": String(unfinished.count), "sales": sales, "id": id,
            ]),
            L10n.tr("cli.register.error.unfinishedSales.hint"),
        ], exitCode: ExitStatus.pendingWork.exitCode)
    }

    /// Registers `register` at the TSE and saves the fiscal settings; returns what the TSE knows.
    static func enrol(_ register: String, directory: URL) async -> Result<TSEClientEnrolment.Outcome, Refusal> {
        let settings = FiscalSettings.load(dataDirectory: directory)
        let previous = settings.registerSerial.flatMap { $0.isEmpty ? nil : $0 } ?? L10n.tr("cli.register.noneSet")
        let pin = ProcessInfo.processInfo.environment[TSEClientEnrolment.adminPINVariable]
        let updated: FiscalSettings
        let outcome: TSEClientEnrolment.Outcome
        do {
            (updated, outcome) = try await TSEClientEnrolment.enrol(register: register, settings: settings,
                                                                    dataDirectory: directory, adminPIN: pin)
        } catch {
            return .failure(refusal(error, previous: previous))
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try updated.save(dataDirectory: directory)
        } catch {
            return .failure(Refusal(lines: [L10n.tr("cli.error.registerSave", ["path": "\(directory.path)", "error": "\(error)"])],
                                    exitCode: ExitStatus.storageFailure.exitCode))
        }
        return .success(outcome)
    }

    /// Registers `register` and saves the fiscal settings; returns what the TSE knows (for ``report(_:register:)``).
    /// Throws the exit code after saying why when the TSE did not register it.
    static func apply(_ register: String, directory: URL) async throws -> TSEClientEnrolment.Outcome {
        switch await enrol(register, directory: directory) {
        case .success(let outcome): return outcome
        case .failure(let refusal):
            refusal.lines.forEach(Console.error)
            throw refusal.exitCode
        }
    }

    /// Which TSE client the register signs as, one line each, and whether the line is a warning.
    static func lines(_ outcome: TSEClientEnrolment.Outcome, register: String) -> [(text: String, isWarning: Bool)] {
        switch outcome {
        case .noTSE:
            []
        case let .simulated(client, tseSerial):
            [(L10n.tr("cli.register.out.tseClient.simulated", ["id": client.serial, "tse": tseSerial]), false)]
        case let .fiskaly(client, tssID, new):
            [(L10n.tr(new ? "cli.register.out.tseClient.registered" : "cli.register.out.tseClient.known",
                      ["id": register, "client": client.id, "tss": tssID]), false)]
        case .fiskalyIncomplete:
            [(L10n.tr("cli.register.warning.tseClientPending", ["id": register]), true)]
        }
    }

    /// The `--json` shape of `pos register set`: the register id and the TSE client it signs as (absent without a
    /// TSE). `tseClient.kind`: `simulated` (the demo store's TSE), `fiskaly`, or `pending` (to register with `pos
    /// fiscal register-client`). Stable: scripts read it.
    struct Report: Encodable {
        struct Client: Encodable {
            var kind: String
            var clientId: String?
            var clientSerial: String?
            var state: String?
            var tseSerial: String?
            var tssId: String?
            /// True when the TSE registered the client just now (false: it knew it already).
            var registered: Bool?
        }

        var register: String
        var tseClient: Client?

        init(register: String, _ outcome: TSEClientEnrolment.Outcome) {
            self.register = register
            switch outcome {
            case .noTSE:
                tseClient = nil
            case let .simulated(client, tseSerial):
                tseClient = Client(kind: "simulated", clientSerial: client.serial, tseSerial: tseSerial)
            case let .fiskaly(client, tssID, new):
                tseClient = Client(kind: "fiskaly", clientId: client.id, clientSerial: client.serial, state: client.state,
                                   tssId: tssID, registered: new)
            case .fiskalyIncomplete:
                tseClient = Client(kind: "pending")
            }
        }
    }

    /// Says which TSE client the register signs as.
    static func report(_ outcome: TSEClientEnrolment.Outcome, register: String) {
        for line in lines(outcome, register: register) {
            if line.isWarning { Console.error(line.text) } else { Console.out(line.text) }
        }
    }

    /// Why the TSE did not register the register, and the exit code.
    static func refusal(_ failure: TSEClientEnrolment.Failure, previous: String) -> Refusal {
        switch failure {
        case let .adminPINMissing(register, tssID):
            Refusal(lines: [L10n.tr("cli.register.error.adminPin", [
                "id": register, "tss": tssID, "previous": previous, "variable": TSEClientEnrolment.adminPINVariable,
            ])], exitCode: ExitStatus.usage.exitCode)
        case let .tse(register, reason):
            Refusal(lines: [L10n.tr("cli.register.error.tse", ["id": register, "reason": reason, "previous": previous])],
                    exitCode: ExitStatus.failure.exitCode)
        }
    }

    /// Says why the TSE did not register the register and returns the exit code.
    static func fail(_ failure: TSEClientEnrolment.Failure, previous: String) -> ExitCode {
        let refusal = refusal(failure, previous: previous)
        refusal.lines.forEach(Console.error)
        return refusal.exitCode
    }
}

/// The counter's register screen and first run set the register as `pos register set` does.
struct LiveRegisterSetting: RegisterSetting {
    let directory: URL

    func current() async -> RegisterInfo {
        let settings = FiscalSettings.load(dataDirectory: directory)
        return RegisterInfo(id: settings.registerSerial.flatMap { $0.isEmpty ? nil : $0 },
                            tseClient: settings.clientID.flatMap { $0.isEmpty ? nil : $0 })
    }

    func set(_ id: String) async -> RegisterSetResult {
        guard RegisterIdentity.isValid(id) else {
            return RegisterSetResult(isSet: false, lines: [L10n.tr("cli.invalid.registerId")])
        }
        if let refusal = await RegisterEnrolment.unfinishedSales(changingTo: id, directory: directory) {
            // The database's own failure went to the log (standard error): say where to look.
            return RegisterSetResult(isSet: false, lines: refusal.lines.isEmpty ? [L10n.tr("register.error.database")] : refusal.lines)
        }
        switch await RegisterEnrolment.enrol(id, directory: directory) {
        case .success(let outcome):
            return RegisterSetResult(isSet: true, lines: [L10n.tr("cli.out.register.set", ["id": id])]
                                     + RegisterEnrolment.lines(outcome, register: id).map(\.text))
        case .failure(let refusal):
            return RegisterSetResult(isSet: false, lines: refusal.lines)
        }
    }
}
