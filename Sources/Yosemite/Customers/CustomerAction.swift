/// The store's customers, from the local copy the catalog sync keeps (offline).
public enum CustomerAction: Action {
    public typealias Failure = CustomerError

    /// Customers whose name, e-mail, phone or customer number match what the cashier typed, best first.
    case search(text: String, limit: Int, reply: Reply<[CustomerSummary]>)
    /// One customer by customer number.
    case load(id: Int64, reply: Reply<CustomerSummary>)
    /// The one customer `text` names (a customer number, an e-mail, a phone or a name matching exactly one
    /// customer); refused when none or several match.
    case resolve(text: String, reply: Reply<CustomerSummary>)
}
