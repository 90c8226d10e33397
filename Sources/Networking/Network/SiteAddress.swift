import Foundation
import Localization
import POSFoundation

/// The address of a WordPress site, validated: `https://`, or `http://` only for a loopback host.
///
/// Trailing slashes are dropped, so `https://shop.example/` and `https://shop.example` are the same
/// site; a path is kept for WordPress installed in a folder (`https://example.com/shop`). Text without a
/// scheme is read as `https://`.
///
/// ```swift
/// let site = try SiteAddress("https://shop.example/")   // https://shop.example
/// let local = try SiteAddress("http://localhost:8080")   // allowed: loopback
/// _ = try SiteAddress("http://shop.example")             // throws NetworkError.insecureConnection
/// ```
public struct SiteAddress: Hashable, Sendable, CustomStringConvertible {
    /// The normalised URL, without a trailing slash.
    public let url: URL

    /// The host name or address ("shop.example", "127.0.0.1", "::1").
    public var host: String { SiteAddress.bareHost(url) }

    /// Whether the host is this machine: `localhost`, 127.0.0.0/8 or ::1.
    public var isLoopback: Bool { SiteAddress.isLoopback(host: host) }

    /// Validates and normalises a site address.
    ///
    /// - Throws: ``NetworkError/invalidSiteAddress(_:reason:)`` for text that is not an http(s) URL with a
    ///   host, and ``NetworkError/insecureConnection(host:)`` for `http://` to a host that is not loopback.
    public init(_ text: String) throws(NetworkError) {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidSiteAddress(text, reason: L10n.tr("error.network.address.empty")) }
        if !trimmed.contains("://") { trimmed = "https://" + trimmed }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw .invalidSiteAddress(text, reason: L10n.tr("error.network.address.notWeb"))
        }
        guard scheme == "https" || scheme == "http" else {
            throw .invalidSiteAddress(text, reason: L10n.tr("error.network.address.httpsOnly"))
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidSiteAddress(text, reason: L10n.tr("error.network.address.noHost"))
        }
        guard components.user == nil, components.password == nil else {
            throw .invalidSiteAddress(SiteAddress.redacted(components), reason: L10n.tr("error.network.address.credentials"))
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidSiteAddress(text, reason: L10n.tr("error.network.address.query"))
        }
        var normalised = URLComponents()
        normalised.scheme = scheme
        normalised.host = host.lowercased()
        normalised.port = components.port
        normalised.percentEncodedPath = components.percentEncodedPath
        guard let url = normalised.url else { throw .invalidSiteAddress(text, reason: L10n.tr("error.network.address.notWeb")) }
        self.url = url
        if scheme == "http", !isLoopback { throw .insecureConnection(host: self.host) }
    }

    public var description: String { url.absoluteString }

    /// Whether a host name or address is loopback.
    public static func isLoopback(host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    private static func bareHost(_ url: URL) -> String {
        let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.host ?? ""
        return host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }

    private static func redacted(_ components: URLComponents) -> String {
        var copy = components
        copy.user = nil
        copy.password = nil
        return copy.string ?? "(address)"
    }
}
