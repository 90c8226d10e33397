/// Completion (06 0F): the terminal ends its turn as master.
///
/// After Registration it may carry BMPs 19, 29, 49 and a TLV container. After Status Enquiry it starts
/// with the software version (ASCII) and a terminal-status byte without a BMP tag; ``statusEnquiryReply``
/// reads that form.
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
    public var statusEnquiryReply: (softwareVersion: String, terminalStatus: UInt8)? {
        let version = data.prefix { (0x20...0x7E).contains($0) }
        guard version.count < data.count else { return nil }
        return (ZVTFieldCoding.asciiText(Array(version)), data[version.count])
    }
}
