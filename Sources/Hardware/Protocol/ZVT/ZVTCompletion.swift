/// Completion (06 0F): the terminal ends its turn as master.
///
/// After Registration it may carry BMPs 19, 29, 49 and a TLV container. After Status Enquiry it starts
/// with the software version and a terminal-status byte, without a BMP tag; ``statusEnquiryReply`` reads it.
/// The spec sends the version as an LLL-variable (`F0 F1 F1` + 11 ASCII bytes); some terminals send it as
/// bare text. Both are read.
///
/// Related spec: ZVT PA00P015 06 0F; reference/zvt.md "Corrections: Completion contents".
public struct ZVTCompletion: Hashable, Sendable {
    /// The raw data, as the meaning depends on the command answered.
    public var data: [UInt8]

    /// Creates a completion.
    public init(data: [UInt8] = []) {
        self.data = data
    }

    /// The data read as BMP fields (Registration, payments), or `nil` if it is not a field list.
    public var fields: ZVTFieldList? {
        guard let list = try? ZVTFieldList.parse(data), list.unknownBMP == nil else { return nil }
        return list
    }

    /// The terminal ID (BMP 29), when present.
    public var terminalID: String? {
        fields?.bytes(.terminalID).flatMap { BCD.digits($0) }
    }

    /// The software version and terminal-status byte of a Status Enquiry completion, or `nil` when absent.
    ///
    /// The spec form is `F0 F1 F1 "GER-APP 1.2.3" 00`: three length digits (`F0`–`F9`), the version, the status
    /// byte. The bare form `"GER-APP 1.2.3" 00` has no length: the version runs up to the first non-printable byte
    /// and must not be empty.
    public var statusEnquiryReply: (softwareVersion: String, terminalStatus: UInt8)? {
        if let reply = Self.lllVersionReply(data) { return reply }
        let version = data.prefix { (0x20...0x7E).contains($0) }
        guard !version.isEmpty, version.count < data.count else { return nil }
        return (ZVTFieldCoding.asciiText(Array(version)), data[version.count])
    }

    /// Builds the spec form of a Status Enquiry completion's data: LLL-variable version, then the status byte.
    ///
    /// - Returns: `nil` when the version is longer than 999 bytes.
    public static func statusEnquiryData(softwareVersion: String, terminalStatus: UInt8) -> [UInt8]? {
        let version = Array(softwareVersion.utf8)
        guard version.count <= 999 else { return nil }
        return ZVTField.lengthDigits(version.count, digits: 3) + version + [terminalStatus]
    }

    private static func lllVersionReply(_ data: [UInt8]) -> (softwareVersion: String, terminalStatus: UInt8)? {
        guard data.count >= 4, data.prefix(3).allSatisfy({ $0 >> 4 == 0xF && $0 & 0x0F <= 9 }) else { return nil }
        let length = data.prefix(3).reduce(0) { $0 * 10 + Int($1 & 0x0F) }
        guard data.count > 3 + length else { return nil }
        return (ZVTFieldCoding.asciiText(Array(data[3..<(3 + length)])), data[3 + length])
    }
}
