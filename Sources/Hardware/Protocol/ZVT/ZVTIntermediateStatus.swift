import Localization

/// Intermediate Status Information (04 FF): what the terminal is doing now, to show the cardholder.
///
/// Data: status byte, [timeout byte], [`06` TLV with display texts `24 { 07 line ... }`]. Status `FF` means
/// "no standard code fits": the text is in the TLV.
///
/// Related spec: ZVT PA00P015 04 FF and its status table; reference/zvt.md "Commands".
public struct ZVTIntermediateStatus: Hashable, Sendable {
    /// The status byte.
    public var status: UInt8
    /// The timeout byte in seconds, when sent.
    public var timeout: UInt8?
    /// Display text lines from TLV 24, when sent.
    public var displayLines: [String]

    /// Creates a status.
    public init(status: UInt8, timeout: UInt8? = nil, displayLines: [String] = []) {
        self.status = status
        self.timeout = timeout
        self.displayLines = displayLines
    }

    /// Parses 04 FF data.
    ///
    /// - Throws: ``ZVTProtocolError/malformedMessage(_:)`` for empty data, TLV errors for a bad container.
    public init(data: [UInt8]) throws(ZVTProtocolError) {
        var reader = ByteReader(data)
        guard let status = reader.readByte() else { throw .malformedMessage("04 FF without a status byte") }
        self.status = status
        timeout = nil
        displayLines = []
        // A lone byte, or a byte that is not the start of a TLV container that fills the rest, is the timeout.
        if reader.readableBytes == 1 || (reader.readableBytes > 1 && !Self.isContainer(reader.readableView)) {
            timeout = reader.readByte()
        }
        if reader.peekByte() == ZVTBMP.tlvContainer.rawValue {
            let fields = try ZVTFieldList.parse(&reader)
            let texts = fields.tlv.all(tag: ZVTTLV.Tag.displayTexts).flatMap { $0.children.all(tag: ZVTTLV.Tag.textLine) }
            displayLines = texts.compactMap { $0.bytes.map(ZVTFieldCoding.cp437Text) }
        }
    }

    private static func isContainer(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.first == ZVTBMP.tlvContainer.rawValue else { return false }
        var reader = ByteReader(bytes.dropFirst())
        guard let length = try? ZVTTLV.readLength(&reader) else { return false }
        return reader.readableBytes == length
    }

    /// The prompt for the cardholder: the terminal's own display text when it sent one, else the table's.
    public var prompt: CardReaderPrompt {
        let entry = Self.entry(for: status)
        let text = displayLines.isEmpty ? entry.text : displayLines.joined(separator: " ")
        return CardReaderPrompt(kind: entry.kind, text: text, statusCode: status)
    }

    // MARK: - Status table

    /// The kind and text for a status byte. Codes 41–5D repeat 01–1D and add "remove card".
    static func entry(for status: UInt8) -> (kind: CardReaderPrompt.Kind, text: String) {
        if let entry = table[status] { return (entry.kind, L10n.tr(entry.key)) }
        if (0x41...0x5D).contains(status), let base = table[status - 0x40] {
            return (base.kind == .declined ? .declined : .removeCard, L10n.tr(base.key) + " " + L10n.tr("reader.zvt.removeCard"))
        }
        return (.information, L10n.tr("reader.zvt.0E"))
    }

    /// The kind and catalog key of each status (`reader.zvt.<hex>`, listed in scripts/check-strings.sh's DYNAMIC).
    private static let table: [UInt8: (kind: CardReaderPrompt.Kind, key: String)] = [
        0x00: (.information, "reader.zvt.00"),
        0x01: (.pinEntry, "reader.zvt.01"),
        0x02: (.pinEntry, "reader.zvt.02"),
        0x03: (.declined, "reader.zvt.03"),
        0x04: (.processing, "reader.zvt.04"),
        0x05: (.processing, "reader.zvt.05"),
        0x06: (.processing, "reader.zvt.06"),
        0x07: (.cardProblem, "reader.zvt.07"),
        0x08: (.cardProblem, "reader.zvt.08"),
        0x09: (.cardProblem, "reader.zvt.09"),
        0x0A: (.insertCard, "reader.zvt.0A"),
        0x0B: (.removeCard, "reader.zvt.0B"),
        0x0C: (.cardProblem, "reader.zvt.0C"),
        0x0D: (.cardProblem, "reader.zvt.0D"),
        0x0E: (.pleaseWait, "reader.zvt.0E"),
        0x0F: (.processing, "reader.zvt.0F"),
        0x10: (.cardProblem, "reader.zvt.10"),
        0x11: (.information, "reader.zvt.11"),
        0x12: (.cardProblem, "reader.zvt.12"),
        0x13: (.declined, "reader.zvt.13"),
        0x14: (.declined, "reader.zvt.14"),
        0x15: (.pinEntry, "reader.zvt.15"),
        0x16: (.declined, "reader.zvt.16"),
        0x17: (.pleaseWait, "reader.zvt.17"),
        0x18: (.declined, "reader.zvt.18"),
        0x19: (.cardProblem, "reader.zvt.19"),
        0x1A: (.information, "reader.zvt.1A"),
        0x1B: (.approved, "reader.zvt.1B"),
        0x1C: (.approved, "reader.zvt.1C"),
        0x1D: (.declined, "reader.zvt.1D"),
        0x26: (.information, "reader.zvt.26"),
        0x27: (.information, "reader.zvt.27"),
        0x28: (.pleaseWait, "reader.zvt.28"),
        0x29: (.pleaseWait, "reader.zvt.29"),
        0x2A: (.insertCard, "reader.zvt.2A"),
        0x2B: (.pleaseWait, "reader.zvt.2B"),
        0x2C: (.pleaseWait, "reader.zvt.2C"),
        0xD2: (.processing, "reader.zvt.D2"),
        0xD3: (.processing, "reader.zvt.D3"),
        0xE0: (.information, "reader.zvt.E0"),
        0xE1: (.information, "reader.zvt.E1"),
        0xF1: (.processing, "reader.zvt.F1"),
        0xF2: (.processing, "reader.zvt.F2"),
        0xF3: (.processing, "reader.zvt.F3"),
    ]
}
