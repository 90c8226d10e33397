import ArgumentParser
import Composition
import Foundation
import Localization
import Yosemite

/// Sets the till's register id and registers it as a client of the TSE (``TSEClientEnrolment``), for `pos
/// register set` and `pos login --register`: the settings are saved only once the TSE has the register as its
/// client, so a refusal leaves the till on its old register.
enum RegisterEnrolment {
    /// Registers `register` and saves the fiscal settings; returns what the TSE knows (for ``report(_:register:)``).
    /// Throws the exit code after saying why when the TSE did not register it.
    static func apply(_ register: String, directory: URL) async throws -> TSEClientEnrolment.Outcome {
        let settings = FiscalSettings.load(dataDirectory: directory)
        let previous = settings.registerSerial.flatMap { $0.isEmpty ? nil : $0 } ?? L10n.tr("cli.register.noneSet")
        let pin = ProcessInfo.processInfo.environment[TSEClientEnrolment.adminPINVariable]
        let updated: FiscalSettings
        let outcome: TSEClientEnrolment.Outcome
        do {
            (updated, outcome) = try await TSEClientEnrolment.enrol(register: register, settings: settings,
                                                                    dataDirectory: directory, adminPIN: pin)
        } catch {
            throw fail(error, previous: previous)
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try updated.save(dataDirectory: directory)
        } catch {
            Console.error(L10n.tr("cli.error.registerSave", ["path": "\(directory.path)", "error": "\(error)"]))
            throw ExitStatus.storageFailure.exitCode
        }
        return outcome
    }

    /// Says which TSE client the register signs as.
    static func report(_ outcome: TSEClientEnrolment.Outcome, register: String) {
        switch outcome {
        case .noTSE:
            break
        case let .simulated(client, tseSerial):
            Console.out(L10n.tr("cli.register.out.tseClient.simulated", ["id": client.serial, "tse": tseSerial]))
        case let .fiskaly(client, tssID, new):
            Console.out(L10n.tr(new ? "cli.register.out.tseClient.registered" : "cli.register.out.tseClient.known",
                                ["id": register, "client": client.id, "tss": tssID]))
        case .fiskalyIncomplete:
            Console.error(L10n.tr("cli.register.warning.tseClientPending", ["id": register]))
        }
    }

    /// Says why the TSE did not register the register and returns the exit code.
    static func fail(_ failure: TSEClientEnrolment.Failure, previous: String) -> ExitCode {
        switch failure {
        case let .adminPINMissing(register, tssID):
            Console.error(L10n.tr("cli.register.error.adminPin", [
                "id": register, "tss": tssID, "previous": previous, "variable": TSEClientEnrolment.adminPINVariable,
            ]))
            return ExitStatus.usage.exitCode
        case let .tse(register, reason):
            Console.error(L10n.tr("cli.register.error.tse", ["id": register, "reason": reason, "previous": previous]))
            return ExitStatus.failure.exitCode
        }
    }
}
