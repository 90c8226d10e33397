import Foundation
import Storage

/// Answers ``FiscalAction``s through ``FiscalService``, off the main actor.
@MainActor
public final class FiscalStore: Store, ActionsProcessor {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: FiscalAction) async throws(FiscalServiceError) -> Replied {
        let service = FiscalService(environment: environment)
        switch action {
        case let .loadStatus(reply):
            return reply(try await service.status())
        case let .loadNotification(reply):
            return reply(try await service.notification())
        case let .loadExportTimeZone(reply):
            return reply(service.exportTimeZone)
        case let .writeExport(from, to, directory, reply):
            return reply(try await service.writeExport(from: from, to: to, directory: directory))
        case let .loadUnexported(reply):
            return reply(try await Self.unexported(environment))
        }
    }

    private nonisolated static func unexported(_ environment: AppEnvironment) async throws(FiscalServiceError) -> UnexportedFiscalRecords {
        do {
            return try await FiscalExportLedger.unexported(environment)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }
}
