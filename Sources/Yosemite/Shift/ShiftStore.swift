import Foundation
import Storage

/// Answers ``ShiftAction``s; the work runs off the main actor in ``ShiftService``.
@MainActor
public final class ShiftStore: Store, ActionsProcessor {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: ShiftAction) async throws(ShiftError) -> Replied {
        let service = ShiftService(environment: environment)
        switch action {
        case .loadCurrent(let reply):
            return reply(try await service.current())
        case .open(let float, let cashier, let reply):
            return reply(try await service.open(float: float, cashier: cashier))
        case .cashIn(let amount, let reason, let reply):
            return reply(try await service.move(.cashIn, amount: amount, reason: reason))
        case .cashOut(let amount, let reason, let reply):
            return reply(try await service.move(.cashOut, amount: amount, reason: reason))
        case .close(let counted, let printer, let reply):
            return reply(try await service.close(counted: counted, printer: printer, endOfDay: endOfDayRun(service)))
        case .endOfDay(let shiftId, let printer, let reply):
            guard let run = endOfDayRun(service) else { throw .noReader }
            return reply(try await service.endOfDay(shiftId: shiftId, printer: printer, run: run))
        case .report(let shiftId, let reply):
            return reply(try await service.report(shiftId: shiftId))
        case .reprint(let shiftId, let printer, let reply):
            return reply(try await service.reprint(shiftId: shiftId, printer: printer))
        case .openDrawer(let reason, let printer, let approval, let reply):
            return reply(try await service.openDrawer(reason: reason, printer: printer, approval: approval))
        }
    }

    /// The terminal's end of day for a close: on the configured reader (the remembered one, else the demo store's
    /// `sim://`), through the card store; `nil` when there is no reader (or no card store in this state).
    private func endOfDayRun(_ service: ShiftService) -> EndOfDayRun? {
        guard dispatcher.isRegistered(CardPresentPaymentAction.self) else { return nil }
        let remembered = service.receipts.appSettings().readerAddress
        guard let reader = remembered ?? (DemoStoreSeeder.hasMarkerFile(in: environment) ? "sim://" : nil) else { return nil }
        let dispatcher = dispatcher
        return EndOfDayRun(reader: reader) { @MainActor reader in
            do throws(CardPaymentError) {
                return .success(try await dispatcher.dispatch { CardPresentPaymentAction.endOfDay(reader: reader, reply: $0) })
            } catch {
                return .failure(error)
            }
        }
    }
}
