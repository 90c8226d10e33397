import Composition
import Foundation
import Hardware
import Localization
import Storage
import Yosemite

/// Opens the store a receipt or printer command works on: the logged-in store, or the demo store when nothing
/// is configured; and runs one receipt action, turning its error into a message and an exit code.
@MainActor
struct ReceiptSession {
    let manager: StoresManager

    static func open(_ data: DataDirectoryOptions) async throws -> ReceiptSession {
        let directory = try data.resolve()
        let environment: AppEnvironment
        do {
            environment = try AppEnvironment.live(dataDirectory: directory, logger: LoggingSetup.logger())
        } catch {
            Console.openFailure(error, directory: directory)
            throw ExitStatus.storageFailure.exitCode
        }
        let manager = StoresManager(environment: environment)
        try await LiveSession.openDemoIfUnconfigured(manager)
        return ReceiptSession(manager: manager)
    }

    /// Runs a receipt action; prints template warnings and errors, and maps errors to exit codes.
    func dispatch<Value: Sendable>(_ action: (Reply<Value>) -> ReceiptAction) async throws -> Value {
        do throws(ReceiptError) {
            return try await manager.dispatch(action)
        } catch {
            Console.error(error)
            throw ReceiptSession.exitStatus(error).exitCode
        }
    }

    nonisolated static func exitStatus(_ error: ReceiptError) -> ExitStatus {
        switch error {
        case .orderNotFound, .noReceipt, .receiptNotFound: .notFound
        case .printFailed: .printFailed
        case .storage: .storageFailure
        case .storeSettingsMissing, .unhandled: .notLoggedIn
        case .templatesMissing, .bundledTemplateBroken, .saleNotPriced: .failure
        }
    }

    nonisolated static func report(_ outcome: ReceiptPrintOutcome, json: Bool = false) throws {
        for warning in outcome.warnings { Console.error(warning) }
        if json { return try Console.json(ReceiptPrintJSON(outcome)) }
        let copy = outcome.receipt.reprintCount > 0 ? L10n.tr("cli.out.receipt.copy", ["count": String(outcome.receipt.reprintCount)]) : ""
        Console.out(L10n.tr("cli.out.receipt.printed", ["receipt": String(outcome.receipt.id ?? 0), "copy": copy, "printer": outcome.job.printerName, "job": "\(outcome.job.jobID)"]))
    }
}


/// The `--json` shape of `pos receipt print|reprint`. Stable: scripts read it. Machine fields only: the receipt's
/// id and kind, its order, how often it was reprinted, the printer queue and the print system's job number.
struct ReceiptPrintJSON: Encodable {
    var receiptId: Int64?
    var orderId: Int64?
    /// "sale", "refund" or "reversal".
    var kind: String
    var reprintCount: Int
    var printer: String
    var jobId: Int

    init(_ outcome: ReceiptPrintOutcome) {
        receiptId = outcome.receipt.id
        orderId = outcome.receipt.orderId
        kind = outcome.receipt.kind.rawValue
        reprintCount = outcome.receipt.reprintCount
        printer = outcome.job.printerName
        jobId = outcome.job.jobID
    }
}
