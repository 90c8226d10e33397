import Hardware
import Testing

/// Addresses that `scripts/fuzz.sh FuzzInput` found not reading back from their own description.
struct ReaderAddressFuzzRegressionTests {
    /// An unbracketed host with a colon or bracket was accepted (`zvt+tcp://::1` read as host ":" port 1), and its
    /// description then did not parse back to it.
    @Test(arguments: ["zvt+tcp://::1", "zvt+tcp://fe80::1:20007", "zvt+tcp://a]:+000:12535", "zvt+tcp://[a:b:5",
                      "zvt+tcp://[::1]x", "zvt+tcp://[[::1]:5"])
    func init_ambiguousHost_throws(text: String) {
        // Given / When / Then
        #expect(throws: TransportError.self) { try ReaderAddress(text) }
    }

    @Test(arguments: ["zvt+tcp://[::1]", "zvt+tcp://[fe80::1]:20008", "zvt+tcp://192.0.2.10", "zvt+tcp://[host]:7",
                      "zvt+serial:///dev/ttyACM0", "concert+usb://0b00:0080", "sim://"])
    func init_validAddress_readsBackFromItsDescription(text: String) throws {
        // Given
        let address = try ReaderAddress(text)
        // When
        let again = try ReaderAddress(address.description)
        // Then
        #expect(again == address)
    }

    @Test func init_bracketedIPv6_keepsHostAndPort() throws {
        // Given / When
        let address = try ReaderAddress("zvt+tcp://[fe80::1]:20008")
        // Then
        #expect(address.link == .tcp(host: "fe80::1", port: 20008))
    }
}
