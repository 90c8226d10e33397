/// Logging in to a WooCommerce store and out of it.
public enum AccountAction: Action {
    public typealias Failure = AccountError

    /// Checks the site and the credentials with real requests, then saves them (mode 0600) and the store's
    /// settings. Fails with a distinct ``AccountError`` for an unreachable site, a site that is not WordPress,
    /// WordPress without WooCommerce, wrong credentials and a user who may not manage the shop.
    case login(
        siteURL: String,
        username: String,
        applicationPassword: String,
        reply: Reply<(Account, StoreSettings)>
    )

    /// Forgets the credentials and wipes the store's local data. Refuses while the outbox or the payment journal
    /// holds anything, unless `force` is set.
    case logout(force: Bool, reply: Reply<Void>)

    /// Seeds the embedded demo store when nothing is configured, and returns the settings in use.
    case openDemoStore(reply: Reply<StoreSettings>)

    /// The saved account, or `nil` when this counter is not logged in.
    case loadAccount(reply: Reply<Account?>)
}
