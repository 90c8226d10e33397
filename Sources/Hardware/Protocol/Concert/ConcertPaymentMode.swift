/// The means of payment in a Concert request and answer (1 character).
///
/// A struct rather than an enum: the terminal may answer with a mode this table lacks, and the answer
/// must still decode.
///
/// Related spec: reference/concert.md, request field "payment mode | 1 | `1` card, `C` cheque, `2` Amex, …";
/// the remaining codes as pyTeliumManager's constants list them.
public struct ConcertPaymentMode: Hashable, Sendable, CustomStringConvertible {
    /// The ASCII character on the wire.
    public let code: Character

    /// Creates a mode from its wire character; `nil` unless it is one printable ASCII character.
    public init?(code: Character) {
        guard let ascii = code.asciiValue, (0x20...0x7E).contains(ascii) else { return nil }
        self.code = code
    }

    private init(_ code: Character) {
        self.code = code
    }

    /// A bank card (`1`): the usual choice.
    public static let card = ConcertPaymentMode("1")
    /// A cheque read by the terminal (`C`).
    public static let cheque = ConcertPaymentMode("C")
    /// American Express (`2`).
    public static let amex = ConcertPaymentMode("2")
    /// Cetelem (`3`).
    public static let cetelem = ConcertPaymentMode("3")
    /// Cofinoga (`5`).
    public static let cofinoga = ConcertPaymentMode("5")
    /// Diners Club (`6`).
    public static let diners = ConcertPaymentMode("6")
    /// Franfinance (`8`).
    public static let franfinance = ConcertPaymentMode("8")
    /// JCB (`9`).
    public static let jcb = ConcertPaymentMode("9")
    /// Accord Finance (`A`).
    public static let accordFinance = ConcertPaymentMode("A")
    /// Moneo (`O`).
    public static let moneo = ConcertPaymentMode("O")
    /// China UnionPay (`U`).
    public static let unionPay = ConcertPaymentMode("U")
    /// Fintrax EMV (`F`).
    public static let fintraxEMV = ConcertPaymentMode("F")
    /// Any other means (`0`).
    public static let other = ConcertPaymentMode("0")

    /// The wire character.
    public var description: String { String(code) }

    var byte: UInt8 { code.asciiValue ?? 0x30 }
}
