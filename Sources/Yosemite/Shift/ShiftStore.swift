import Foundation
import Storage

/// Answers ``ShiftAction``s; the work runs off the main actor in ``ShiftService``.
@MainActor
public final class ShiftStore: Store {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: ShiftAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? ShiftAction else {
            preconditionFailure("ShiftStore received \(type(of: action))")
        }
        let service = ShiftService(environment: environment)
        switch action {
        case .loadCurrent(let onCompletion):
            run(onCompletion) { () async throws(ShiftError) in try await service.current() }
        case .open(let float, let cashier, let onCompletion):
            run(onCompletion) { () async throws(ShiftError) in try await service.open(float: float, cashier: cashier) }
        case .cashIn(let amount, let reason, let onCompletion):
            run(onCompletion) { () async throws(ShiftError) in try await service.move(.cashIn, amount: amount, reason: reason) }
        case .cashOut(let amount, let reason, let onCompletion):
            run(onCompletion) { () async throws(ShiftError) in try await service.move(.cashOut, amount: amount, reason: reason) }
        case .close(let counted, let printer, let onCompletion):
            run(onCompletion) { () async throws(ShiftError) in try await service.close(counted: counted, printer: printer) }
        case .report(let shiftId, let onCompletion):
            run(onCompletion) { () async throws(ShiftError) in try await service.report(shiftId: shiftId) }
        case .reprint(let shiftId, let printer, let onCompletion):
            run(onCompletion) { () async throws(ShiftError) in try await service.reprint(shiftId: shiftId, printer: printer) }
        case .openDrawer(let reason, let printer, let approval, let onCompletion):
            run(onCompletion) { () async throws(ShiftError) in
                try await service.openDrawer(reason: reason, printer: printer, approval: approval)
            }
        }
    }

    private func run<Value: Sendable>(
        _ onCompletion: @escaping @Sendable (Result<Value, ShiftError>) -> Void,
        _ work: @escaping @Sendable () async throws(ShiftError) -> Value
    ) {
        Task {
            do throws(ShiftError) {
                onCompletion(.success(try await work()))
            } catch {
                onCompletion(.failure(error))
            }
        }
    }
}
