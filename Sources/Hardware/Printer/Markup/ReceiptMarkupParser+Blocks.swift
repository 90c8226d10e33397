import Localization

// MARK: - Block directives

extension ReceiptMarkupParser {
    private static let alignments: Set<String> = ["left", "center", "right"]
    private static let emphasis: Set<String> = ["bold", "double", "tall", "wide"]

    /// Parses a block directive (everything but the style prefixes) and appends its block.
    mutating func parseBlock(
        _ name: String,
        argument rawArgument: Substring,
        prefix: Prefix,
        line: Int
    ) throws(ReceiptMarkupError) {
        let argument = ReceiptMarkup.unescape(rawArgument).trimmingSpaces()
        func invalid(_ expected: String) -> ReceiptMarkupError {
            ReceiptMarkupError(
                line: line,
                reason: .invalidArgument(directive: name, argument: argument, expected: expected)
            )
        }
        func missing(_ expected: String) -> ReceiptMarkupError {
            ReceiptMarkupError(line: line, reason: .missingArgument(directive: name, expected: expected))
        }

        switch name {
        case "#":
            try require(prefix, allows: [], for: "#", line: line)
        case "row":
            try require(prefix, allows: Self.emphasis, for: name, line: line)
            let text = ReceiptMarkup.unescape(rawArgument)
            guard let bar = text.lastIndex(of: "|") else { throw missing(L10n.tr("error.markup.expected.row")) }
            let label = String(text[..<bar])
            let amount = String(text[text.index(after: bar)...])
            blocks.append(.row(label: label, amount: amount, style: prefix.style))
        case "rule":
            try require(prefix, allows: [], for: name, line: line)
            switch argument {
            case "", "-": blocks.append(.rule(.single))
            case "=": blocks.append(.rule(.double))
            default: throw invalid(L10n.tr("error.markup.expected.rule"))
            }
        case "feed":
            try require(prefix, allows: [], for: name, line: line)
            if argument.isEmpty {
                blocks.append(.feed(lines: 1))
            } else if let count = Int(argument), (1...255).contains(count) {
                blocks.append(.feed(lines: count))
            } else {
                throw invalid(L10n.tr("error.markup.expected.feed"))
            }
        case "qr":
            try require(prefix, allows: Self.alignments, for: name, line: line)
            guard !argument.isEmpty else { throw missing(L10n.tr("error.markup.expected.payload")) }
            guard argument.utf8.count <= ReceiptQRCode.maximumPayloadBytes else {
                throw invalid(L10n.tr("error.markup.expected.qrSize", ["bytes": String(ReceiptQRCode.maximumPayloadBytes)]))
            }
            let alignment = prefix.alignment == nil ? .center : prefix.style.alignment
            blocks.append(.qrCode(ReceiptQRCode(payload: argument, alignment: alignment)))
        case "barcode":
            try require(prefix, allows: Self.alignments, for: name, line: line)
            try parseBarcode(argument, prefix: prefix, line: line)
        case "cut":
            try require(prefix, allows: [], for: name, line: line)
            switch argument {
            case "", "full": blocks.append(.cut(.full))
            case "partial": blocks.append(.cut(.partial))
            default: throw invalid(L10n.tr("error.markup.expected.cut"))
            }
        case "drawer":
            try require(prefix, allows: [], for: name, line: line)
            switch argument {
            case "", "2": blocks.append(.drawerKick(.pin2))
            case "5": blocks.append(.drawerKick(.pin5))
            default: throw invalid(L10n.tr("error.markup.expected.drawerPin"))
            }
        case "verbatim":
            try require(prefix, allows: [], for: name, line: line)
            guard argument.isEmpty else { throw invalid(L10n.tr("error.markup.expected.verbatim")) }
            verbatim = (line, [])
        case "end":
            throw ReceiptMarkupError(line: line, reason: .unexpectedEnd)
        default:
            throw ReceiptMarkupError(line: line, reason: .unknownDirective(name))
        }
    }

    private mutating func parseBarcode(_ argument: String, prefix: Prefix, line: Int) throws(ReceiptMarkupError) {
        let kind = argument.prefix { $0 != " " }
        let data = String(argument.dropFirst(kind.count).drop { $0 == " " })
        let symbology: ReceiptBarcode.Symbology
        switch kind.lowercased() {
        case "ean13": symbology = .ean13
        case "code128": symbology = .code128
        default:
            throw ReceiptMarkupError(
                line: line,
                reason: .invalidArgument(directive: "barcode", argument: String(kind), expected: L10n.tr("error.markup.expected.barcodeKind"))
            )
        }
        guard !data.isEmpty else {
            let reason = ReceiptMarkupError.Reason.missingArgument(directive: "barcode", expected: L10n.tr("error.markup.expected.barcodeData"))
            throw ReceiptMarkupError(line: line, reason: reason)
        }
        let alignment = prefix.alignment == nil ? .center : prefix.style.alignment
        do {
            blocks.append(.barcode(try ReceiptBarcode(symbology, data: data, alignment: alignment)))
        } catch {
            throw ReceiptMarkupError(line: line, reason: .invalidBarcode(error))
        }
    }
}

extension String {
    /// The string without leading or trailing U+0020 spaces.
    fileprivate func trimmingSpaces() -> String {
        guard let start = firstIndex(where: { $0 != " " }), let end = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[start...end])
    }
}
