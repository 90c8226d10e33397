import POSFoundation

/// BMP 60 of an end of day's Status Information: the batch's receipt-number range, then a count (1 byte binary)
/// and a turnover (6-byte BCD, minor units) for each of seven card groups, in a fixed order (53 bytes).
///
/// The layout follows ecrterm's `ECR.end_of_day` parser (`totals_list[0:2]` start, `[2:4]` end, then count and
/// turnover for ec, JCB, Eurocard, Amex, Visa, Diners and the rest) and the note in reference/zvt.md.
public struct ZVTIndividualTotals: Hashable, Sendable, Codable {
    /// The card groups, in the order BMP 60 lists them.
    public enum Group: String, Hashable, Sendable, Codable, CaseIterable {
        case girocard, jcb, mastercard, amex, visa, diners, other

        /// The group a ZVT card type (BMP 8A) falls into.
        public init(zvtCardType: UInt8) {
            switch zvtCardType {
            case 5, 46: self = .girocard  // girocard, Maestro (ec)
            case 14: self = .jcb
            case 6: self = .mastercard
            case 8: self = .amex
            case 10, 11, 13: self = .visa  // Visa, Visa Electron, V PAY
            case 12: self = .diners
            default: self = .other
            }
        }
    }

    /// One group's count and turnover.
    public struct Entry: Hashable, Sendable, Codable {
        public var group: Group
        public var count: Int
        public var turnover: Int64

        public init(group: Group, count: Int, turnover: Int64) {
            self.group = group
            self.count = count
            self.turnover = turnover
        }
    }

    /// The encoded length.
    public static let byteCount = 53

    public var firstReceipt: Int
    public var lastReceipt: Int
    /// Every group, in ``Group`` order.
    public var entries: [Entry]

    /// Creates totals; groups missing from `entries` count zero.
    public init(firstReceipt: Int, lastReceipt: Int, entries: [Entry]) {
        self.firstReceipt = firstReceipt
        self.lastReceipt = lastReceipt
        self.entries = Group.allCases.map { group in
            entries.first { $0.group == group } ?? Entry(group: group, count: 0, turnover: 0)
        }
    }

    /// Decodes the 53 bytes; `nil` when the length or a BCD nibble is wrong.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count == Self.byteCount,
              let first = BCD.decode(bytes[0..<2]), let last = BCD.decode(bytes[2..<4]) else { return nil }
        var entries: [Entry] = []
        for (index, group) in Group.allCases.enumerated() {
            let start = 4 + index * 7
            guard let turnover = BCD.decode(bytes[(start + 1)..<(start + 7)]) else { return nil }
            entries.append(Entry(group: group, count: Int(bytes[start]), turnover: Int64(turnover)))
        }
        self.init(firstReceipt: Int(first), lastReceipt: Int(last), entries: entries)
    }

    /// The 53 bytes; `nil` when a number does not fit (a count over 255, a receipt over 9999).
    public func encoded() -> [UInt8]? {
        guard let first = BCD.encode(UInt64(max(firstReceipt, 0)), byteCount: 2),
              let last = BCD.encode(UInt64(max(lastReceipt, 0)), byteCount: 2) else { return nil }
        var bytes = first + last
        for entry in entries {
            guard (0...255).contains(entry.count), entry.turnover >= 0,
                  let turnover = BCD.encode(UInt64(entry.turnover), byteCount: 6) else { return nil }
            bytes.append(UInt8(entry.count))
            bytes += turnover
        }
        return bytes
    }

    /// Transactions over all groups.
    public var count: Int { entries.reduce(0) { $0 + $1.count } }
    /// Turnover over all groups.
    public var turnover: Int64 { entries.reduce(0) { $0 + $1.turnover } }
}
