import Foundation
import Synchronization

/// `wc/v3/orders/{id}/actions/send_order_details` (WooCommerce 9.x): emails the order details to the billing
/// address. `email` sets the billing email when the order has none (or always, with `force_email_update`).
/// Nothing is mailed here: the send is recorded in ``WooTestServer/sentOrderEmails`` and as an order note, as
/// WooCommerce notes it.
enum OrderActionRoutes {
    static func register(in router: inout Router) {
        router.add(["POST"], "wc/v3/orders/{id}/actions/send_order_details") { state, context, ids in
            guard var order = state.orders[ids[0]] else { throw RESTError.invalidID("shop_order") }
            let current = order.billing["email"]?.stringValue ?? ""
            if let given = context.string("email"), !given.isEmpty {
                guard given.contains("@"), !given.hasPrefix("@"), !given.hasSuffix("@") else {
                    throw RESTError.invalidParam("email", "Invalid email address.")
                }
                if current.isEmpty || context.bool("force_email_update") == true {
                    order.billing = order.billing.setting("email", .string(given))
                    state.orders[ids[0]] = order
                } else if current != given {
                    throw RESTError(400, "woocommerce_rest_email_mismatch",
                                    "The order already has a billing email; pass force_email_update to replace it.")
                }
            }
            let address = order.billing["email"]?.stringValue ?? ""
            guard !address.isEmpty else {
                throw RESTError(400, "woocommerce_rest_missing_email", "Order does not have an email address.")
            }
            state.sentOrderEmails.append(WooTestServer.SentOrderEmail(orderID: ids[0], email: address))
            state.notes.append(NoteRecord(id: state.newCommentID(), orderID: ids[0],
                                          note: "Order details sent to \(address), via REST API.", customerNote: false,
                                          author: "system", dateCreated: context.now))
            return context.respond(200, .object([("message", .string("Order details email sent to customer."))]))
        }
    }
}

extension WooTestServer {
    /// An order details email the server was asked to send.
    public struct SentOrderEmail: Sendable, Equatable {
        /// The order.
        public var orderID: Int64
        /// Where it went (the billing email).
        public var email: String

        /// Creates a record.
        public init(orderID: Int64, email: String) {
            self.orderID = orderID
            self.email = email
        }
    }

    /// The order details emails sent, oldest first.
    public var sentOrderEmails: [SentOrderEmail] {
        state.withLock { $0.sentOrderEmails }
    }
}
