import Networking
import Testing

struct SiteAddressTests {
    @Test(arguments: [
        ("https://shop.example", "https://shop.example"),
        ("https://Shop.Example///", "https://shop.example"),
        ("shop.example/", "https://shop.example"),
        ("https://example.com/shop/", "https://example.com/shop"),
        ("https://shop.example:8443", "https://shop.example:8443"),
    ])
    func init_httpsAddress_isNormalised(text: String, expected: String) throws {
        // When
        let site = try SiteAddress(text)

        // Then
        #expect(site.description == expected)
        #expect(site.description.hasPrefix("https://"))
    }

    @Test(arguments: ["http://localhost:8080", "http://127.0.0.1", "http://127.12.0.3:9000/", "http://[::1]:8080"])
    func init_httpToLoopback_isAllowed(text: String) throws {
        // When
        let site = try SiteAddress(text)

        // Then
        #expect(site.isLoopback)
        #expect(site.description.hasPrefix("http://"))
    }

    @Test(arguments: ["http://shop.example", "http://192.168.1.10", "http://128.0.0.1", "http://localhost.example.com"])
    func init_httpToOtherHost_throwsInsecure(text: String) {
        // When / Then
        #expect(throws: NetworkError.self) { try SiteAddress(text) }
        do {
            _ = try SiteAddress(text)
        } catch {
            guard case .insecureConnection = error else {
                Issue.record("expected insecureConnection, got \(error)")
                return
            }
        }
    }

    @Test(arguments: ["", "   ", "ftp://shop.example", "https://", "https://user:secret@shop.example", "https://shop.example/?a=1"])
    func init_invalidText_throwsInvalidSiteAddress(text: String) {
        // When
        var thrown: NetworkError?
        do { _ = try SiteAddress(text) } catch { thrown = error }

        // Then
        guard case .invalidSiteAddress(let shown, _)? = thrown else {
            Issue.record("expected invalidSiteAddress, got \(String(describing: thrown))")
            return
        }
        #expect(!shown.contains("secret"))
        #expect(!(thrown?.message.contains("secret") ?? true))
    }
}
