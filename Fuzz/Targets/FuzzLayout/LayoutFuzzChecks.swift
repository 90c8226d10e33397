import FuzzSupport
import Hardware

/// The invariants of escaped markup and of the two layouts (the same as FuzzReceipt's, at one width).
enum LayoutFuzzChecks {
    static func escaped(_ input: inout FuzzInput) -> ReceiptDocument {
        let title = ReceiptMarkup.escape(input.awkwardText())
        let text = ReceiptMarkup.escape(input.awkwardText())
        let rows = (0..<2).map { _ in (ReceiptMarkup.escape(input.awkwardText()), ReceiptMarkup.escape(input.awkwardText())) }
        let slip = ReceiptMarkup.escape(input.awkwardText(), keepingLineBreaks: true)
        for value in [title, text, rows[0].0, rows[0].1, rows[1].0, rows[1].1] {
            fuzzCheck(!value.contains(where: \.isNewline), "an escaped value keeps a line break")
        }
        // Values stand where the templates put them: right after a directive's space, at a line's start, on both sides
        // of a row's bar (a combining mark there once joined the space after `@center`: FuzzReceipt's crash). The
        // second row keeps letters around its values.
        let markup = """
            @center @bold @double \(title)
            \(text)
            @row \(rows[0].0)|\(rows[0].1)
            @bold @row L\(rows[1].0)|A\(rows[1].1)
            @rule
            @verbatim
            \(slip)
            @end
            @cut
            """
        let document: ReceiptDocument
        do {
            document = try ReceiptMarkup.parse(markup)
        } catch {
            fuzzCheck(false, "markup with escaped data does not parse")
            return ReceiptDocument()
        }
        var kinds: [String] = []
        for block in document.blocks {
            switch block {
            case .text: kinds.append("text")
            case .row: kinds.append("row")
            case .rule: kinds.append("rule")
            case .verbatim: kinds.append("verbatim")
            case .cut: kinds.append("cut")
            case .feed: kinds.append("feed")
            case .qrCode: kinds.append("qr")
            case .barcode: kinds.append("barcode")
            case .drawerKick: kinds.append("drawer")
            }
        }
        fuzzCheck(kinds == ["text", "text", "row", "row", "rule", "verbatim", "cut"],
                  "escaped data changed the skeleton's blocks to \(kinds)")
        return document
    }

    static func plainText(_ text: String, width: Int) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = DisplayWidth.of(line)
            fuzzCheck(cells <= width, "a plain-text line is \(cells) cells wide at width \(width)")
            fuzzCheck(!line.unicodeScalars.contains(where: ReceiptTextSanitizer.isControl),
                      "a plain-text line holds a control character")
        }
    }

    static func escpos(_ bytes: [UInt8]) {
        guard let tokens = try? ESCPOSTokenizer.tokenize(bytes) else {
            fuzzCheck(false, "the ESC/POS output does not tokenize")
            return
        }
        for token in tokens {
            switch token {
            case .control(let byte):
                fuzzCheck(false, "the ESC/POS output holds a raw control byte \(byte)")
            case .unknown:
                fuzzCheck(false, "the ESC/POS output holds a command the encoder does not write")
            case .text, .lineFeed, .command:
                break
            }
        }
    }
}
