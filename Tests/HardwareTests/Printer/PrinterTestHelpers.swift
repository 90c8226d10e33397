@testable import Hardware

/// Bytes from a hex string such as "1b 40" or "1b40" (spaces ignored).
func printerBytes(hex: String) -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace })
    precondition(digits.count.isMultiple(of: 2), "odd number of hex digits in \(hex)")
    return stride(from: 0, to: digits.count, by: 2).map { index in
        guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else {
            preconditionFailure("not hex: \(hex)")
        }
        return byte
    }
}

/// Bytes as lowercase hex separated by spaces, for readable failure messages.
func printerHex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}

/// The lines of a plain-text rendering, without terminators.
func plainLines(_ document: ReceiptDocument, width: Int, overflow: ReceiptLayout.RowOverflow = .wrap) -> [String] {
    PlainTextEncoder(rowOverflow: overflow).lines(document, width: width)
}

/// The text tokens of an ESC/POS stream decoded with a code page, one string per token.
func escposTexts(_ tokens: [ESCPOSToken], codePage: CodePage = .pc858) -> [String] {
    tokens.compactMap { token in
        if case .text(let bytes) = token { codePage.decode(bytes) } else { nil }
    }
}
