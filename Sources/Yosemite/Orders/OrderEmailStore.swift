import Foundation
import Logging
import Networking
import POSFoundation
import Storage

/// Emails receipts through WooCommerce: `POST wc/v3/orders/{id}/actions/send_order_details` with the address,
/// which the store saves as the order's billing email. A direct call, not an outbox entry: the cashier sees at
/// once whether it went, and offline the counter says email is not available (print instead).
@MainActor
public final class OrderEmailStore: Store, ActionsProcessor {
    private let network: (any Network)?

    /// Creates the store; `network` is `nil` in the demo store, which answers ``OrderEmailError/demo``.
    public init(dispatcher: Dispatcher, environment: AppEnvironment, network: (any Network)?) {
        self.network = network
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: OrderEmailAction) async throws(OrderEmailError) -> Replied {
        switch action {
        case let .sendReceipt(order, email, reply):
            return reply(try await Self.send(order: order, email: email, environment, network))
        }
    }

    private nonisolated static func send(order reference: String, email: String, _ environment: AppEnvironment,
                             _ network: (any Network)?) async throws(OrderEmailError) -> String {
        let address = email.trimmingCharacters(in: .whitespaces)
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !address.contains(" ") else {
            throw .invalidAddress(address)
        }
        guard let network else { throw .demo }
        let order: OrderRecord?
        do {
            order = try await environment.database.order(reference: reference)
        } catch { throw .storage(StorageError(wrapping: error)) }
        guard let order else { throw .orderNotFound(reference) }
        guard let remoteId = order.remoteId else { throw .notSyncedYet(order.localNumber) }
        do {
            _ = try await OrderActionsRemote(network: network)
                .sendOrderDetails(orderID: RemoteID(remoteId), email: address, forceEmailUpdate: true)
        } catch {
            environment.logger.notice("email: order \(order.localNumber) not sent: \(error)")
            if error.isRetryable { throw .offline(error.message) }
            throw .refused(error.message)
        }
        environment.logger.info("email: order \(order.localNumber) receipt sent")
        return address
    }
}
