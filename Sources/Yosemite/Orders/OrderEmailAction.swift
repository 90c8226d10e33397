/// Emailing a receipt through WooCommerce (`send_order_details`). Online only: the counter says so when it is not.
public enum OrderEmailAction: Action {
    public typealias Failure = OrderEmailError

    /// Emails order `order` (a local number, client UUID or "#123") to `email`, which becomes the order's billing
    /// email on the store. Answers the address it went to.
    case sendReceipt(order: String, email: String, reply: Reply<String>)
}
