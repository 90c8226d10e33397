import POSFoundation

/// The WordPress REST index (`GET /wp-json/`): the site's name and the API namespaces it serves.
public struct SiteIndex: Hashable, Sendable, Decodable {
    public let name: String
    public let description: String
    public let url: String
    /// Namespaces such as "wp/v2", "wc/v3", "wc-analytics".
    public let namespaces: [String]

    /// Whether WooCommerce's REST API v3 is there.
    public var hasWooCommerce: Bool { namespaces.contains("wc/v3") }

    public init(name: String, description: String, url: String, namespaces: [String]) {
        self.name = name
        self.description = description
        self.url = url
        self.namespaces = namespaces
    }

    enum CodingKeys: String, CodingKey { case name, description, url, namespaces }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.contains(.namespaces) else {
            throw DecodingError.keyNotFound(CodingKeys.namespaces, .init(codingPath: c.codingPath, debugDescription: "no namespaces: not a WordPress REST index"))
        }
        name = c.string(.name)
        description = c.string(.description)
        url = c.string(.url)
        namespaces = c.stringList(.namespaces)
    }
}
