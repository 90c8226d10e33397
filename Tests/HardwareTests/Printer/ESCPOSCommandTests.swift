import Testing
@testable import Hardware

/// Each command's bytes against python-escpos's output (``ESCPOSGoldenFixtures``).
struct ESCPOSCommandTests {
    @Test(arguments: [
        ([ESCPOSCommand.initialize], ESCPOSGoldenFixtures.initialize),
        ([.justification(0)], ESCPOSGoldenFixtures.alignLeft),
        ([.justification(1)], ESCPOSGoldenFixtures.alignCenter),
        ([.justification(2)], ESCPOSGoldenFixtures.alignRight),
        ([.emphasis(true)], ESCPOSGoldenFixtures.boldOn),
        ([.characterSize(width: 2, height: 2)], ESCPOSGoldenFixtures.size2x2),
        ([.characterSize(width: 1, height: 2)], ESCPOSGoldenFixtures.size1x2),
        ([.characterSize(width: 2, height: 1)], ESCPOSGoldenFixtures.size2x1),
        ([.feedLines(3)], ESCPOSGoldenFixtures.feed3),
        ([.feedLines(6), .cut(.full)], ESCPOSGoldenFixtures.cutFull),
        ([.feedLines(6), .cut(.partial)], ESCPOSGoldenFixtures.cutPartial),
        ([.drawerKick(pin: 0, onTime: 50, offTime: 50)], ESCPOSGoldenFixtures.drawerPin2),
        ([.drawerKick(pin: 1, onTime: 50, offTime: 50)], ESCPOSGoldenFixtures.drawerPin5),
        (
            [.qrModel(50), .qrModuleSize(6), .qrErrorCorrection(49), .qrStore(Array("https://example.com/r/1".utf8)), .qrPrint],
            ESCPOSGoldenFixtures.qrURLSize6M
        ),
        (
            [.qrModel(50), .qrModuleSize(3), .qrErrorCorrection(48), .qrStore(Array("HELLO".utf8)), .qrPrint],
            ESCPOSGoldenFixtures.qrHelloSize3L
        ),
        (
            [.barcodeHeight(64), .barcodeModuleWidth(3), .barcodeTextFont(0), .barcodeTextPosition(2),
             .barcode(system: 67, data: Array("4006381333931".utf8))],
            ESCPOSGoldenFixtures.ean13
        ),
        (
            [.barcodeHeight(64), .barcodeModuleWidth(3), .barcodeTextFont(0), .barcodeTextPosition(2),
             .barcode(system: 73, data: Array("{BABC-123".utf8))],
            ESCPOSGoldenFixtures.code128
        ),
    ])
    func bytes_ofCommand_matchPythonEscposReference(commands: [ESCPOSCommand], expectedHex: String) {
        // Given
        let expected = printerBytes(hex: expectedHex)

        // When
        let bytes = commands.flatMap(\.bytes)

        // Then
        #expect(printerHex(bytes) == printerHex(expected))
    }

    @Test(arguments: [
        (ESCPOSCommand.cut(.feedAndFull(0)), "1d 56 41 00"),
        (.cut(.feedAndPartial(3)), "1d 56 42 03"),
        (.selectCodePage(19), "1b 74 13"),
        (.emphasis(false), "1b 45 00"),
        (.statusRequest(4), "10 04 04"),
        (.barcode(system: 2, data: Array("4006381333931".utf8)), "1d 6b 02 34 30 30 36 33 38 31 33 33 33 39 33 31 00"),
    ])
    func bytes_ofCommandFromReference_matchReferenceTable(command: ESCPOSCommand, expectedHex: String) {
        // Given the bytes listed in reference/escpos-cups.md §4.1
        // When / Then
        #expect(printerHex(command.bytes) == printerHex(printerBytes(hex: expectedHex)))
    }

    @Test func qrStore_withLongPayload_writesLittleEndianLength() {
        // Given 300 bytes of data: pL pH = 303 = 0x012F
        let data = [UInt8](repeating: 0x41, count: 300)

        // When
        let bytes = ESCPOSCommand.qrStore(data).bytes

        // Then
        #expect(Array(bytes.prefix(8)) == [0x1D, 0x28, 0x6B, 0x2F, 0x01, 0x31, 0x50, 0x30])
        #expect(bytes.count == 8 + 300)
    }
}
