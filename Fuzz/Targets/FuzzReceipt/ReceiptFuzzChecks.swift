import FuzzSupport
import Hardware

/// The invariants of a rendered receipt.
enum ReceiptFuzzChecks {
    static func document(_ document: ReceiptDocument) {
        var cuts = 0, kicks = 0, codes = 0
        for block in document.blocks {
            switch block {
            case .cut: cuts += 1
            case .drawerKick: kicks += 1
            case .qrCode: codes += 1
            default: break
            }
        }
        fuzzCheck(cuts <= 1, "hostile data added a cut")
        fuzzCheck(kicks <= 1, "hostile data added a drawer kick")
        fuzzCheck(codes <= 1, "hostile data added a QR code")
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
