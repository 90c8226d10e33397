import Localization
import POSFoundation

/// Login checks: is this a WordPress site with WooCommerce, and do the credentials work.
public struct SiteRemote: Sendable {
    private let remote: Remote
    private let siteDescription: String

    /// Creates the remote; `site` is only used to name the site in errors.
    public init(network: any Network, site: SiteAddress? = nil) {
        remote = Remote(network: network)
        siteDescription = site?.description ?? L10n.tr("error.network.theAddress")
    }

    /// Loads the unauthenticated REST index (`GET /wp-json/`, falling back to `?rest_route=/`).
    ///
    /// - Throws: ``NetworkError/notWordPress(site:)`` when the answer is not a REST index (HTML, or JSON
    ///   without `namespaces`), ``NetworkError/wooCommerceMissing(path:)`` when `wc/v3` is not among the
    ///   namespaces, and other ``NetworkError``s for transport failures.
    public func loadIndex() async throws(NetworkError) -> SiteIndex {
        let index: SiteIndex
        do {
            index = try await remote.enqueue(RESTRequest.index, mapper: SiteIndexMapper())
        } catch .malformedResponse {
            throw .notWordPress(site: siteDescription)
        } catch .notFound {
            throw .notWordPress(site: siteDescription)
        }
        guard index.hasWooCommerce else { throw .wooCommerceMissing(path: "wc/v3") }
        return index
    }

    /// Loads the signed-in user (`GET wp/v2/users/me?context=edit`).
    ///
    /// - Throws: ``NetworkError/unauthorized(_:)`` when the user name or application password is wrong.
    public func loadCurrentUser() async throws(NetworkError) -> WordPressUser {
        try await remote.enqueue(RESTRequest.wordPress(.get, "users/me", query: ["context": "edit"]), mapper: WordPressUserMapper())
    }

    /// Loads the store's users who hold `capability` (`GET wp/v2/users?context=edit&capabilities=…`), every page.
    /// WordPress asks for `list_users` (administrators and WooCommerce's shop managers have it).
    ///
    /// - Throws: ``NetworkError/forbidden(_:)`` when the logged-in user may not list users, and other
    ///   ``NetworkError``s for transport failures.
    public func loadUsers(withCapability capability: String) async throws(NetworkError) -> [WordPressUser] {
        let perPage = 100
        var users: [WordPressUser] = []
        for page in 1... {
            let request = RESTRequest.wordPress(.get, "users", query: [
                "context": "edit", "capabilities": capability, "per_page": String(perPage), "page": String(page),
                "_fields": "id,name,username,email,roles,capabilities",
            ])
            let batch = try await remote.enqueue(request, mapper: WordPressUserListMapper())
            users += batch
            if batch.count < perPage { break }
        }
        return users
    }
}
