import Testing
@testable import Hardware

struct ESCPOSTokenizerTests {
    private static let sample: [UInt8] =
        printerBytes(hex: ESCPOSGoldenFixtures.euroInPC858) + printerBytes(hex: ESCPOSGoldenFixtures.qrURLSize6M)
        + printerBytes(hex: ESCPOSGoldenFixtures.ean13) + printerBytes(hex: ESCPOSGoldenFixtures.code128)
        + printerBytes(hex: ESCPOSGoldenFixtures.cutPartial) + printerBytes(hex: ESCPOSGoldenFixtures.drawerPin5)
        + Array("tail".utf8)

    @Test func tokenize_pythonEscposOutput_yieldsCommandsAndText() throws {
        // Given python-escpos's "€ Grüße" in PC858
        let bytes = printerBytes(hex: ESCPOSGoldenFixtures.euroInPC858)

        // When
        let tokens = try ESCPOSTokenizer.tokenize(bytes)

        // Then
        #expect(tokens == [.command(.selectCodePage(19)), .text([0xD5, 0x20, 0x47, 0x72, 0x81, 0xE1, 0x65]), .lineFeed])
        #expect(escposTexts(tokens) == ["€ Grüße"])
    }

    @Test func tokenize_pythonEscposQRAndBarcodes_recognisesEveryCommand() throws {
        // Given
        let bytes = printerBytes(hex: ESCPOSGoldenFixtures.qrURLSize6M) + printerBytes(hex: ESCPOSGoldenFixtures.code128)

        // When
        let tokens = try ESCPOSTokenizer.tokenize(bytes)

        // Then
        #expect(tokens == [
            .command(.qrModel(50)), .command(.qrModuleSize(6)), .command(.qrErrorCorrection(49)),
            .command(.qrStore(Array("https://example.com/r/1".utf8))), .command(.qrPrint),
            .command(.barcodeHeight(64)), .command(.barcodeModuleWidth(3)), .command(.barcodeTextFont(0)),
            .command(.barcodeTextPosition(2)), .command(.barcode(system: 73, data: Array("{BABC-123".utf8))),
        ])
    }

    @Test func tokenize_pythonEscposModeResets_knowsThemAll() throws {
        // Given set_with_default(), which uses ESC !, ESC {, GS b, ESC -, ESC M and GS B
        let bytes = printerBytes(hex: ESCPOSGoldenFixtures.setWithDefault)

        // When
        let tokens = try ESCPOSTokenizer.tokenize(bytes)

        // Then
        #expect(!tokens.contains { if case .unknown = $0 { true } else { false } })
        #expect(tokens.flatMap(\.bytes) == bytes)
    }

    @Test(arguments: [1, 2, 3, 7, 64, 10_000])
    func tokenize_fedInChunks_yieldsSameTokensAsAllAtOnce(chunkSize: Int) throws {
        // Given
        let expected = try ESCPOSTokenizer.tokenize(Self.sample)
        var tokenizer = ESCPOSTokenizer()
        var tokens: [ESCPOSToken] = []

        // When
        var offset = 0
        while offset < Self.sample.count {
            tokenizer.append(Self.sample[offset..<min(offset + chunkSize, Self.sample.count)])
            while let token = tokenizer.nextToken() { tokens.append(token) }
            offset += chunkSize
        }
        if let last = try tokenizer.finish() { tokens.append(last) }

        // Then
        #expect(tokens == expected)
        #expect(tokens.last == .text(Array("tail".utf8)))
    }

    @Test func tokenize_streamEndingInsideQRStore_throwsTruncated() {
        // Given the QR fixture cut short in its data
        let bytes = Array(printerBytes(hex: ESCPOSGoldenFixtures.qrURLSize6M).prefix(40))

        // When / Then
        #expect(throws: ESCPOSTokenizerError.self) { try ESCPOSTokenizer.tokenize(bytes) }
    }

    @Test func tokenize_strayControlAndUnknownEscape_areReportedNotHidden() throws {
        // Given a CR, a NUL and ESC z (not a command this tokenizer knows)
        let bytes: [UInt8] = [0x41, 0x0D, 0x00, 0x1B, 0x7A, 0x42]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(bytes)

        // Then
        #expect(tokens == [.text([0x41]), .control(0x0D), .control(0x00), .unknown([0x1B, 0x7A]), .text([0x42])])
    }

    @Test func tokenize_unknownGSParenBlock_isSkippedByItsLength() throws {
        // Given GS ( L (graphics) with a 4-byte body, then text
        let bytes: [UInt8] = [0x1D, 0x28, 0x4C, 0x04, 0x00, 0x30, 0x45, 0x20, 0x20, 0x41]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(bytes)

        // Then
        #expect(tokens == [.unknown(Array(bytes.prefix(9))), .text([0x41])])
    }

    @Test func tokenize_functionABarcode_readsUpToNul() throws {
        // Given
        let bytes = ESCPOSCommand.barcode(system: 2, data: Array("4006381333931".utf8)).bytes

        // When
        let tokens = try ESCPOSTokenizer.tokenize(bytes)

        // Then
        #expect(tokens == [.command(.barcode(system: 2, data: Array("4006381333931".utf8)))])
    }

    @Test func tokenize_emphasisWithOddArgument_keepsItsBytes() throws {
        // Given ESC E 83, found by ESCPOSTokenizerFuzzTests (seed 166): it used to come back as ESC E 1
        let bytes: [UInt8] = [0x1B, 0x45, 0x53]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(bytes)

        // Then
        #expect(tokens == [.unknown(bytes)])
        #expect(tokens.flatMap(\.bytes) == bytes)
    }
}
