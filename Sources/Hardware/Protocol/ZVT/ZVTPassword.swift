/// The six-digit ZVT terminal password, sent as 3-byte BCD. Its description is always redacted.
public struct ZVTPassword: Hashable, Sendable, CustomStringConvertible {
    /// The 3 BCD bytes.
    public let bcd: [UInt8]

    /// Creates a password from exactly six decimal digits, or `nil` for anything else.
    public init?(_ digits: String) {
        guard digits.count == 6, let bytes = BCD.encode(digits: digits) else { return nil }
        bcd = bytes
    }

    /// `000000`, the default of most terminals.
    public static let zero = ZVTPassword(bcd: [0, 0, 0])

    private init(bcd: [UInt8]) { self.bcd = bcd }

    public var description: String { "******" }
}
