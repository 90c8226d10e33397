import Foundation
import POSFoundation

/// A site and a WordPress application password: what every authenticated request is signed with.
///
/// The password never appears in ``description``, ``debugDescription`` or a mirror (so neither in
/// `print`, `dump` nor string interpolation).
public struct Credentials: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let site: SiteAddress
    public let username: String
    /// The application password ("abcd efgh ijkl mnop qrst uvwx"), created under Users → Profile.
    public let applicationPassword: String

    public init(site: SiteAddress, username: String, applicationPassword: String) {
        self.site = site
        self.username = username
        self.applicationPassword = applicationPassword
    }

    /// The `Authorization` header value: `Basic base64(username:password)`.
    public var authorizationHeaderValue: String {
        "Basic " + Data("\(username):\(applicationPassword)".utf8).base64EncodedString()
    }

    public var description: String { "Credentials(site: \(site), username: \(username), applicationPassword: <redacted>)" }
    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["site": site, "username": username, "applicationPassword": "<redacted>"])
    }
}
