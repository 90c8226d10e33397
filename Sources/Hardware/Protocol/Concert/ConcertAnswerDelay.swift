/// When the terminal answers (4 characters).
///
/// Related spec: reference/concert.md, request field "delay | 4 | `A010` answer after the transaction,
/// `A011` immediate".
public enum ConcertAnswerDelay: String, Hashable, Sendable, CaseIterable {
    /// Answer once the transaction is over, with its result (`A010`). The session uses this one.
    case afterTransaction = "A010"
    /// Answer at once, before the transaction's result is known (`A011`).
    case immediate = "A011"
}
