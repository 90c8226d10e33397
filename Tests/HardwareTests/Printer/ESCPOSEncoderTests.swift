import Testing
@testable import Hardware

struct ESCPOSEncoderTests {
    private let encoder = ESCPOSEncoder(profile: .generic80mm)

    @Test func encode_anyDocument_startsWithInitAndPC858() throws {
        // Given
        let document: ReceiptDocument = [.text("Hi")]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(encoder.encode(document, width: 48))

        // Then
        #expect(tokens == [.command(.initialize), .command(.selectCodePage(19)), .text(Array("Hi".utf8)), .lineFeed])
    }

    @Test func encode_euroSign_becomesD5InPC858() {
        // Given
        let document: ReceiptDocument = [.row(label: "Total", amount: "12,50 €")]

        // When
        let bytes = encoder.encode(document, width: 32)

        // Then
        #expect(bytes.contains(0xD5))
        #expect(Array(bytes.suffix(4)) == [0x30, 0x20, 0xD5, 0x0A])
    }

    @Test func encode_styledLines_switchesModesOnlyWhenTheyChange() throws {
        // Given
        let title = ReceiptTextStyle(alignment: .center, bold: true, size: .double)
        let document: ReceiptDocument = [
            .text("SHOP", style: title),
            .text("Street 1", style: ReceiptTextStyle(alignment: .center)),
            .text("City", style: ReceiptTextStyle(alignment: .center)),
            .text("Thanks", style: ReceiptTextStyle(alignment: .right, size: .doubleHeight)),
        ]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(encoder.encode(document, width: 48))

        // Then
        #expect(Array(tokens.dropFirst(2)) == [
            .command(.justification(1)), .command(.emphasis(true)), .command(.characterSize(width: 2, height: 2)),
            .text(Array("SHOP".utf8)), .lineFeed,
            .command(.emphasis(false)), .command(.characterSize(width: 1, height: 1)),
            .text(Array("Street 1".utf8)), .lineFeed,
            .text(Array("City".utf8)), .lineFeed,
            .command(.justification(2)), .command(.characterSize(width: 1, height: 2)),
            .text(Array("Thanks".utf8)), .lineFeed,
        ])
    }

    @Test(arguments: [
        "Cola\u{1B}p\u{00}\u{19}\u{FA}",      // ESC p: a drawer kick hidden in a product name
        "Chips\u{1D}V\u{00}",                  // GS V: a cut
        "Tea\u{1B}@\u{10}\u{14}\u{01}\u{00}",  // ESC @ and DLE DC4
        "Nuts\u{9B}\u{7F}\r\nmore",            // C1 CSI, DEL, CR LF
    ])
    func encode_productNameWithControlCharacters_emitsNoControlByteFromData(name: String) throws {
        // Given
        let document: ReceiptDocument = [
            .text(name), .row(label: name, amount: "1.00"), .verbatim([name]), .qrCode(ReceiptQRCode(payload: name)),
        ]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(encoder.encode(document, width: 42))

        // Then every byte is a known command, a printable text byte or a line feed
        for token in tokens {
            switch token {
            case .text(let bytes): #expect(bytes.allSatisfy { $0 >= 0x20 && $0 != 0x7F })
            case .command, .lineFeed: break
            case .control, .unknown: Issue.record("stray \(token) from \(name.debugDescription)")
            }
        }
        let commands = tokens.compactMap { if case .command(let command) = $0 { command } else { nil } }
        #expect(!commands.contains { if case .drawerKick = $0 { true } else { false } })
        #expect(!commands.contains { if case .cut = $0 { true } else { false } })
        #expect(commands.filter { $0 == .initialize }.count == 1)
    }

    @Test func encode_qrCode_usesNativeModel2Sequence() throws {
        // Given
        let document: ReceiptDocument = [.qrCode(ReceiptQRCode(payload: "https://example.com/r/1"))]

        // When
        let bytes = encoder.encode(document, width: 48)

        // Then: centered, then exactly python-escpos's qr(native=True, size=6, ec=M)
        let expected = printerBytes(hex: "1b 40 1b 74 13 1b 61 01" + ESCPOSGoldenFixtures.qrURLSize6M)
        #expect(printerHex(bytes) == printerHex(expected))
    }

    @Test func encode_qrCodeOnPrinterWithoutQR_printsPayloadAsText() throws {
        // Given
        var profile = PrinterProfile.generic58mm
        profile.supportsQRCode = false
        let document: ReceiptDocument = [.qrCode(ReceiptQRCode(payload: "https://shop.example/receipts/2026/000042"))]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(ESCPOSEncoder(profile: profile).encode(document))

        // Then
        #expect(!tokens.contains(.command(.qrPrint)))
        #expect(escposTexts(tokens) == ["https://shop.example/receipts/20", "26/000042"])
    }

    @Test func encode_ean13_matchesPythonEscposAndCenters() throws {
        // Given
        let document: ReceiptDocument = [.barcode(try ReceiptBarcode(.ean13, data: "400638133393"))]

        // When
        let bytes = encoder.encode(document, width: 48)

        // Then
        let expected = printerBytes(hex: "1b 40 1b 74 13 1b 61 01" + ESCPOSGoldenFixtures.ean13)
        #expect(printerHex(bytes) == printerHex(expected))
    }

    @Test func encode_code128WithBrace_escapesBraceAndFitsNarrowPaper() throws {
        // Given a 58 mm printer (384 dots) and a 20-character reference
        let barcode = try ReceiptBarcode(.code128, data: "{R-2026-0000000042}", alignment: .left)

        // When
        let tokens = try ESCPOSTokenizer.tokenize(ESCPOSEncoder(profile: .generic58mm).encode([.barcode(barcode)]))

        // Then: code set B, "{" doubled, and a module width of 1 so 20 symbols fit 384 dots
        #expect(tokens.contains(.command(.barcode(system: 73, data: Array("{B{{R-2026-0000000042}".utf8)))))
        #expect(tokens.contains(.command(.barcodeModuleWidth(1))))
        #expect(!tokens.contains { if case .command(.justification) = $0 { true } else { false } })
    }

    @Test func encode_cutAndDrawer_feedThenCutAndKick() throws {
        // Given
        let document: ReceiptDocument = [.drawerKick(.pin2), .cut(.partial), .drawerKick(.pin5), .cut(.full)]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(encoder.encode(document, width: 48))

        // Then
        #expect(Array(tokens.dropFirst(2)) == [
            .command(.drawerKick(pin: 0, onTime: 50, offTime: 50)),
            .command(.feedLines(4)), .command(.cut(.partial)),
            .command(.drawerKick(pin: 1, onTime: 50, offTime: 50)),
            .command(.feedLines(4)), .command(.cut(.full)),
        ])
    }

    @Test func encode_cutOnPrinterWithoutCutter_onlyFeeds() throws {
        // Given
        let document: ReceiptDocument = [.text("x"), .cut(.full)]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(ESCPOSEncoder(profile: .generic58mm).encode(document))

        // Then
        #expect(tokens.last == .command(.feedLines(4)))
        #expect(!tokens.contains { if case .command(.cut) = $0 { true } else { false } })
    }

    @Test func encode_feedOver255Lines_splitsTheFeed() throws {
        // When
        let tokens = try ESCPOSTokenizer.tokenize(encoder.encode([.feed(lines: 300)], width: 48))

        // Then
        #expect(Array(tokens.dropFirst(2)) == [.command(.feedLines(255)), .command(.feedLines(45))])
    }

    @Test func encode_accentsMissingFromPC858_areTransliteratedBeforeLayout() throws {
        // Given Polish, Romanian and typographic quotes; "Łódź" has Ł and ź (not in PC858) and ó (in PC858)
        let document: ReceiptDocument = [.text("„Łódź” – Ştefan…")]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(encoder.encode(document, width: 48))

        // Then
        #expect(escposTexts(tokens) == ["\"Lódz\" - Stefan..."])
    }

    @Test func encode_wideCharactersInRow_keepAmountAlignedAfterReplacement() throws {
        // Given CJK (2 columns on screen) which PC858 prints as one "?" each
        let document: ReceiptDocument = [.row(label: "抹茶ラテ", amount: "4.50")]

        // When
        let tokens = try ESCPOSTokenizer.tokenize(encoder.encode(document, width: 32))

        // Then
        let line = try #require(escposTexts(tokens).first)
        #expect(line == "????" + String(repeating: " ", count: 24) + "4.50")
    }

    @Test func encode_withPC437Profile_selectsTable0AndSpellsEuro() throws {
        // Given
        var profile = PrinterProfile.generic80mm
        profile.codePage = .pc437

        // When
        let tokens = try ESCPOSTokenizer.tokenize(ESCPOSEncoder(profile: profile).encode([.text("5 € Grüße")]))

        // Then
        #expect(tokens[1] == .command(.selectCodePage(0)))
        #expect(escposTexts(tokens, codePage: .pc437) == ["5 EUR Grüße"])
    }
}
