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
        if let entry = table[status] { return entry }
        if (0x41...0x5D).contains(status), let base = table[status - 0x40] {
            return (base.kind == .declined ? .declined : .removeCard, base.text + " Remove card.")
        }
        return (.information, "Please wait.")
    }

    private static let table: [UInt8: (kind: CardReaderPrompt.Kind, text: String)] = [
        0x00: (.information, "Waiting for amount confirmation."),
        0x01: (.pinEntry, "Please watch the PIN pad."),
        0x02: (.pinEntry, "Please watch the PIN pad."),
        0x03: (.declined, "Not accepted."),
        0x04: (.processing, "Waiting for the payment host."),
        0x05: (.processing, "Sending auto-reversal."),
        0x06: (.processing, "Sending post-bookings."),
        0x07: (.cardProblem, "Card not admitted."),
        0x08: (.cardProblem, "Card unknown."),
        0x09: (.cardProblem, "Card expired."),
        0x0A: (.insertCard, "Insert card."),
        0x0B: (.removeCard, "Remove card."),
        0x0C: (.cardProblem, "Card not readable."),
        0x0D: (.cardProblem, "Processing error."),
        0x0E: (.pleaseWait, "Please wait."),
        0x0F: (.processing, "Starting automatic end of day."),
        0x10: (.cardProblem, "Invalid card."),
        0x11: (.information, "Balance display."),
        0x12: (.cardProblem, "System malfunction."),
        0x13: (.declined, "Payment not possible."),
        0x14: (.declined, "Credit not sufficient."),
        0x15: (.pinEntry, "Incorrect PIN."),
        0x16: (.declined, "Limit not sufficient."),
        0x17: (.pleaseWait, "Please wait."),
        0x18: (.declined, "PIN try limit exceeded."),
        0x19: (.cardProblem, "Card data incorrect."),
        0x1A: (.information, "Service mode."),
        0x1B: (.approved, "Approved. Please fill up."),
        0x1C: (.approved, "Approved. Please take goods."),
        0x1D: (.declined, "Declined."),
        0x26: (.information, "Waiting for mobile number."),
        0x27: (.information, "Waiting for mobile number repeat."),
        0x28: (.pleaseWait, "Currency selection, please wait."),
        0x29: (.pleaseWait, "Language selection, please wait."),
        0x2A: (.insertCard, "Insert card to load."),
        0x2B: (.pleaseWait, "Emergency transaction, please wait."),
        0x2C: (.pleaseWait, "Application selection, please wait."),
        0xD2: (.processing, "Connecting."),
        0xD3: (.processing, "Connected."),
        0xE0: (.information, "Choose the application on the terminal."),
        0xE1: (.information, "Choose the language on the terminal."),
        0xF1: (.processing, "Offline."),
        0xF2: (.processing, "Online."),
        0xF3: (.processing, "Offline transaction."),
    ]
}
