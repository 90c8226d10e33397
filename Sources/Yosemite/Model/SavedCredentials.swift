import Networking

/// The credentials file's content: where, who, and the application password. Written with mode 0600 and never
/// printed: its description leaves the password out.
struct SavedCredentials: Codable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    var siteURL: String
    var username: String
    var applicationPassword: String
    var displayName: String

    init(credentials: Credentials, displayName: String) {
        siteURL = credentials.site.description
        username = credentials.username
        applicationPassword = credentials.applicationPassword
        self.displayName = displayName
    }

    /// The credentials for the network, or `nil` if the saved site address is no longer acceptable.
    func credentials() throws -> Credentials {
        Credentials(site: try SiteAddress(siteURL), username: username, applicationPassword: applicationPassword)
    }

    var description: String { "SavedCredentials(site: \(siteURL), username: \(username), applicationPassword: <redacted>)" }
    var debugDescription: String { description }
}
