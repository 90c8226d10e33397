import POSFoundation
import Testing
@testable import Hardware

struct ReceiptMarkupTests {
    @Test func parse_fullReceipt_yieldsEveryBlock() throws {
        // Given
        let markup = """
            @# sale receipt
            @center @bold @double Corner Shop
            @center Main Street 1
            @rule
            @row 2 x Espresso|5.00 €
            @bold @tall @row Total|5.00 €
            @rule =

            @feed 2
            @qr https://shop.example/r/1042
            @left @barcode ean13 400638133393
            @barcode code128 R-1042
            @verbatim
               KUNDENBELEG
            Betrag EUR   5,00
            @end
            @drawer 5
            @cut partial
            Thank you!
            """

        // When
        let document = try ReceiptMarkup.parse(markup)

        // Then
        #expect(document.blocks == [
            .text("Corner Shop", style: ReceiptTextStyle(alignment: .center, bold: true, size: .double)),
            .text("Main Street 1", style: ReceiptTextStyle(alignment: .center)),
            .rule(.single),
            .row(label: "2 x Espresso", amount: "5.00 €"),
            .row(label: "Total", amount: "5.00 €", style: ReceiptTextStyle(bold: true, size: .doubleHeight)),
            .rule(.double),
            .text(""),
            .feed(lines: 2),
            .qrCode(ReceiptQRCode(payload: "https://shop.example/r/1042")),
            .barcode(try ReceiptBarcode(.ean13, data: "4006381333931", alignment: .left)),
            .barcode(try ReceiptBarcode(.code128, data: "R-1042")),
            .verbatim(["   KUNDENBELEG", "Betrag EUR   5,00"]),
            .drawerKick(.pin5),
            .cut(.partial),
            .text("Thank you!"),
        ])
    }

    @Test func parse_defaults_areFullCutPin2OneLineAndSingleRule() throws {
        // When
        let document = try ReceiptMarkup.parse("@cut\n@drawer\n@feed\n@rule\n@center\n")

        // Then
        #expect(document.blocks == [
            .cut(.full), .drawerKick(.pin2), .feed(lines: 1), .rule(.single),
            .text("", style: ReceiptTextStyle(alignment: .center)),
        ])
    }

    @Test func parse_crlfLineEndings_areAccepted() throws {
        // When
        let document = try ReceiptMarkup.parse("@bold Hi\r\n@cut\r\n")

        // Then
        #expect(document.blocks == [.text("Hi", style: ReceiptTextStyle(bold: true)), .cut(.full)])
    }

    @Test func parse_rowLabelWithBar_splitsAtLastBar() throws {
        // When
        let document = try ReceiptMarkup.parse("@row Tea | Lemon|2.00")

        // Then
        #expect(document.blocks == [.row(label: "Tea | Lemon", amount: "2.00")])
    }

    @Test func parse_escapedAt_isLiteralText() throws {
        // Given
        let markup = "@@cut is not a cut\ninfo@shop.example\n@center @@home"

        // When
        let document = try ReceiptMarkup.parse(markup)

        // Then
        #expect(document.blocks == [
            .text("@cut is not a cut"), .text("info@shop.example"),
            .text("@home", style: ReceiptTextStyle(alignment: .center)),
        ])
    }

    @Test(arguments: ["@cut", "@drawer", "x\n@end", "@verbatim", "Cola\u{1B}p\u{0}", "a@@b|c"])
    func escape_dataInsertedIntoMarkup_comesBackAsTextNeverADirective(value: String) throws {
        // Given a template line that inserts a value, and one that inserts it into a row
        let escaped = ReceiptMarkup.escape(value)
        let markup = "\(escaped)\n@row \(escaped)|1.00"

        // When
        let document = try ReceiptMarkup.parse(markup)

        // Then
        let clean = ReceiptTextSanitizer.sanitizeLine(value)
        #expect(document.blocks.count == 2)
        #expect(document.blocks.first == .text(clean))
        #expect(!escaped.contains("\n"))
    }

    @Test(arguments: ["\u{329}\u{1A}Croissant", "\u{301}\u{301}", "\u{200D}Tee", "Tee\u{600}", "\u{0915}\u{094D}"])
    func escape_valueThatWouldJoinTheMarkupBesideIt_staysData(value: String) throws {
        // Given a value whose first scalar extends the character before it, or whose last one joins the next
        // (FuzzReceipt: a name starting with U+0329 after "@center " read as an unknown directive)
        let escaped = ReceiptMarkup.escape(value)
        let markup = "@center \(escaped)\n@row \(escaped)|1,00\n@bold @row x|\(escaped)"

        // When
        let document = try ReceiptMarkup.parse(markup)

        // Then the value is text after the directive, the row splits at the template's bar
        let text = ReceiptMarkup.detached(ReceiptTextSanitizer.sanitizeLine(value))
        #expect(document.blocks == [
            .text(text, style: ReceiptTextStyle(alignment: .center)),
            .row(label: text, amount: "1,00", style: ReceiptTextStyle()),
            .row(label: "x", amount: text, style: ReceiptTextStyle(bold: true)),
        ])
    }

    @Test func escape_multiLineSlipInVerbatim_cannotCloseTheBlock() throws {
        // Given a terminal slip whose own text contains "@end" and "@cut"
        let slip = "KUNDENBELEG\n@end\n@cut\nBetrag 5,00"
        let markup = "@verbatim\n\(ReceiptMarkup.escape(slip, keepingLineBreaks: true))\n@end\n@cut"

        // When
        let document = try ReceiptMarkup.parse(markup)

        // Then
        #expect(document.blocks == [.verbatim(["KUNDENBELEG", "@end", "@cut", "Betrag 5,00"]), .cut(.full)])
    }

    @Test(arguments: [
        ("Hello\n@bogus x", 2, ReceiptMarkupError.Reason.unknownDirective("bogus")),
        ("\n\n@row no bar", 3, .missingArgument(directive: "row", expected: "a label and an amount separated by |")),
        ("@rule *", 1, .invalidArgument(directive: "rule", argument: "*", expected: "- or =")),
        ("@feed 0", 1, .invalidArgument(directive: "feed", argument: "0", expected: "a number of lines from 1 to 255")),
        ("@feed lots", 1, .invalidArgument(directive: "feed", argument: "lots", expected: "a number of lines from 1 to 255")),
        ("@cut half", 1, .invalidArgument(directive: "cut", argument: "half", expected: "full or partial")),
        ("@drawer 3", 1, .invalidArgument(directive: "drawer", argument: "3", expected: "2 or 5")),
        ("a\n@qr   ", 2, .missingArgument(directive: "qr", expected: "a payload")),
        ("@left @center x", 1, .conflictingStyle("center")),
        ("@double @tall x", 1, .conflictingStyle("tall")),
        ("@center @row A|1", 1, .styleNotApplicable(style: "center", directive: "row")),
        ("@bold @qr x", 1, .styleNotApplicable(style: "bold", directive: "qr")),
        ("@bold @cut", 1, .styleNotApplicable(style: "bold", directive: "cut")),
        ("@barcode upc 123", 1, .invalidArgument(directive: "barcode", argument: "upc", expected: "ean13 or code128")),
        ("@barcode ean13", 1, .missingArgument(directive: "barcode", expected: "the data to encode")),
        ("@barcode ean13 4006381333932", 1, .invalidBarcode(.wrongCheckDigit("4006381333932", expected: 1))),
        ("@barcode code128 café", 1, .invalidBarcode(.invalidCode128("café"))),
        ("x\n@verbatim now", 2, .invalidArgument(
            directive: "verbatim", argument: "now", expected: "nothing after it; the text goes on the following lines")),
        ("x\ny\n@verbatim\nslip\n", 3, .unterminatedVerbatim),
        ("@end", 1, .unexpectedEnd),
        ("@CUT", 1, .unknownDirective("CUT")),
    ])
    func parse_malformedDirective_throwsErrorNamingTheLine(
        markup: String,
        line: Int,
        reason: ReceiptMarkupError.Reason
    ) {
        // When / Then
        #expect(throws: ReceiptMarkupError(line: line, reason: reason)) { try ReceiptMarkup.parse(markup) }
    }

    @Test func error_description_namesLineAndSaysWhatToDo() {
        // Given
        let error = ReceiptMarkupError(line: 7, reason: .unknownDirective("bogus"))

        // When / Then
        #expect(error.message == "The receipt template is malformed at line 7 of its output: unknown directive @bogus.")
        #expect(error.description.contains("Fix the receipt template"))
    }

    @Test func parse_emptyMarkup_isAnEmptyDocument() throws {
        // When / Then
        #expect(try ReceiptMarkup.parse("").blocks.isEmpty)
    }
}
