import Foundation
import Hardware
import Testing

/// The ESC/POS encoder against an independent oracle: the same reference receipt built with python-escpos 3.1
/// (`Receipts/tools/escpos_reference.py`), its bytes committed here as hex so the suite needs no Python.
@Suite struct ESCPOSReferenceTests {
    static let markup = """
        @center @bold @double Corner Shop
        @center Musterstraße 1
        @rule
        @row Espresso|5,00 €
        @bold @row TOTAL|5,00 €
        @qr 3f2c8a4e-9b1d-4c7e-8a55-0d6f1e2b7c90
        @drawer
        @cut
        """

    /// python-escpos's output for the reference receipt.
    static let pythonEscposHex = "1b401b74131b61011b45011d2111436f726e65722053686f700a1b45001d21004d757374657273747261e16520310a1b61002d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d0a457370726573736f20202020202020202020202020202020202020202020202020202020202020202020352c303020d50a1b4501544f54414c20202020202020202020202020202020202020202020202020202020202020202020202020352c303020d50a1b61011d286b0400314132001d286b03003143061d286b03003145311d286b270031503033663263386134652d396231642d346337652d386135352d3064366631653262376339301d286b03003151301b700032321b64061d5600"

    @Test func encode_referenceReceipt_matchesPythonEscposBytes() throws {
        // Given
        let document = try ReceiptMarkup.parse(Self.markup)
        var profile = PrinterProfile.generic80mm
        profile.feedLinesBeforeCut = 6  // python-escpos's cut() feeds 6 lines
        // When
        let bytes = ESCPOSEncoder(profile: profile).encode(document, width: 48)
        // Then
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        #expect(hex == Self.pythonEscposHex)
    }

    @Test func tokenize_referenceBytes_isWellFormedAndEndsWithDrawerThenCut() throws {
        // Given
        let bytes = stride(from: 0, to: Self.pythonEscposHex.count, by: 2).map { offset -> UInt8 in
            let start = Self.pythonEscposHex.index(Self.pythonEscposHex.startIndex, offsetBy: offset)
            return UInt8(Self.pythonEscposHex[start...].prefix(2), radix: 16)!
        }
        // When
        let tokens = try ESCPOSTokenizer.tokenize(bytes)
        // Then
        #expect(!tokens.contains { if case .unknown = $0 { true } else { false } })
        #expect(tokens.suffix(3) == [.command(.drawerKick(pin: 0, onTime: 50, offTime: 50)), .command(.feedLines(6)),
                                     .command(.cut(.full))])
    }
}
