import Foundation
import POSFoundation

/// A customer row of `GET /wc-analytics/customers` (guests included, with `user_id` 0).
public struct WCAnalyticsCustomer: Hashable, Sendable, Decodable {
    /// The analytics row id (not the WordPress user id).
    public let id: RemoteID
    /// The WordPress user id, 0 for a guest.
    public let userID: RemoteID
    public let username: String
    public let name: String
    public let email: String
    public let country: String
    public let city: String
    public let state: String
    public let postcode: String
    public let dateLastActive: Date?
    public let ordersCount: Int

    enum CodingKeys: String, CodingKey {
        case id, username, name, email, country, city, state, postcode
        case userID = "user_id", dateLastActive = "date_last_active", dateLastActiveGMT = "date_last_active_gmt"
        case ordersCount = "orders_count"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientInt64(.id) ?? 0
        userID = c.lenientInt64(.userID) ?? 0
        username = c.string(.username)
        name = c.string(.name)
        email = c.string(.email)
        country = c.string(.country)
        city = c.string(.city)
        state = c.string(.state)
        postcode = c.string(.postcode)
        dateLastActive = c.lenientDate(.dateLastActiveGMT, orLocal: .dateLastActive)
        ordersCount = c.lenientInt(.ordersCount) ?? 0
    }
}
