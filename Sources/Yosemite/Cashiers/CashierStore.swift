import Foundation
import Networking
import Storage

/// Answers ``CashierAction``s; the work runs in ``CashierService``.
@MainActor
public final class CashierStore: Store, ActionsProcessor {
    /// The store's site, for its users; `nil` for the demo store.
    private let network: (any Network)?

    public init(dispatcher: Dispatcher, environment: AppEnvironment, network: (any Network)?) {
        self.network = network
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: CashierAction) async throws(CashierError) -> Replied {
        let service = CashierService(environment: environment)
        switch action {
        case .list(let reply):
            return reply(try await service.list())
        case .current(let reply):
            return reply(try await service.current())
        case let .checkAdd(name, role, approval, reply):
            return reply(try await service.checkAdd(name: name, role: role, approval: approval))
        case let .add(name, role, pin, approval, reply):
            return reply(try await service.add(name: name, role: role, pin: pin, approval: approval))
        case let .remove(name, approval, reply):
            return reply(try await service.remove(name: name, approval: approval))
        case let .setPin(name, pin, approval, reply):
            return reply(try await service.setPin(name: name, pin: pin, approval: approval))
        case let .unlock(name, approval, reply):
            return reply(try await service.unlock(name: name, approval: approval))
        case let .signIn(name, pin, reply):
            return reply(try await service.signIn(name: name, pin: pin))
        case let .unlockSession(pin, reply):
            return reply(try await service.unlockSession(pin: pin))
        case .signOut(let reply):
            return reply(try await service.signOut())
        case let .approvals(shiftId, reply):
            return reply(try await service.approvals(shiftId: shiftId))
        case let .training(reply):
            return reply(try await service.training())
        case let .setTraining(on, approval, reply):
            return reply(try await service.setTraining(on, approval: approval))
        case let .storeUsers(reply):
            guard let network else { throw .demoStore }
            return reply(try await service.storeUsers(network: network))
        }
    }
}
