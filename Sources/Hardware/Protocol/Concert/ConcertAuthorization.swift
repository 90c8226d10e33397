/// Whether the terminal must seek an online authorisation (4 characters).
///
/// Related spec: reference/concert.md, request field "authorisation | 4 | `B010` normal, `B011` forced".
public enum ConcertAuthorization: String, Hashable, Sendable, CaseIterable {
    /// The terminal decides, by its floor limits (`B010`).
    case normal = "B010"
    /// The terminal must go online (`B011`).
    case forced = "B011"
}
