import POSFoundation

/// The logged-in WordPress user (`GET /wp/v2/users/me?context=edit`).
public struct WordPressUser: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let name: String
    public let username: String
    public let email: String
    /// Roles such as "administrator", "shop_manager".
    public let roles: [String]
    /// The capabilities that are granted (`true` in the map), sorted.
    public let capabilities: [String]

    /// Whether the user can manage WooCommerce (shop managers and administrators).
    public var canManageWooCommerce: Bool { capabilities.contains("manage_woocommerce") }

    enum CodingKeys: String, CodingKey { case id, name, username, email, roles, capabilities }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.requiredID(.id)
        name = c.string(.name)
        username = c.string(.username)
        email = c.string(.email)
        roles = c.stringList(.roles)
        let map = (try? c.lenientObject(.capabilities, of: [String: JSONValue].self)) ?? [:]
        capabilities = map.filter { $0.value.boolValue == true }.map(\.key).sorted()
    }
}
