/// What the terminal is asked to do with the amount (1 character).
///
/// Related spec: reference/concert.md, request field "transaction type | 1 | `0` debit, `1` credit,
/// `2` refund or cancel, `4` auto".
public enum ConcertTransactionType: Character, Hashable, Sendable, CaseIterable {
    /// Charge the card: a sale.
    case debit = "0"
    /// Credit the card: a refund of an earlier sale.
    case credit = "1"
    /// Cancel (void) an earlier transaction; the reference names it "refund or cancel".
    case cancellation = "2"
    /// Let the terminal choose.
    case automatic = "4"

    var byte: UInt8 { rawValue.asciiValue ?? 0x30 }
}
