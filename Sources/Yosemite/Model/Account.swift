/// Who this counter is logged in as, and where. The application password is never part of it.
public struct Account: Hashable, Sendable, Codable {
    /// The site address, e.g. "https://shop.example".
    public var siteURL: String
    /// The WordPress user name.
    public var username: String
    /// The WordPress user's display name.
    public var displayName: String

    public init(siteURL: String, username: String, displayName: String) {
        self.siteURL = siteURL
        self.username = username
        self.displayName = displayName
    }
}
