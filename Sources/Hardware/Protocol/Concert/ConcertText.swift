/// Fixed-width ASCII field helpers shared by the Concert request and answer codecs.
enum ConcertText {
    /// A non-negative number written with leading zeros to exactly `width` digits.
    static func zeroPadded(_ value: Int64, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Text left-aligned and padded with spaces to exactly `width` characters.
    static func spacePadded(_ text: String, width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// The value of an all-digit field, or `nil` if any byte is not `0`–`9`.
    static func number(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard !bytes.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }

    /// The field as a string with trailing spaces removed.
    static func trimmedText(_ bytes: ArraySlice<UInt8>) -> String {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 0x20 { end -= 1 }
        return String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
    }

    /// Whether text fits a field: at most `width` printable ASCII characters.
    static func fits(_ text: String, width: Int) -> Bool {
        text.utf8.count <= width && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
