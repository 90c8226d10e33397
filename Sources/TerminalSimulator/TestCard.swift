import Hardware

/// A test card the simulator "reads". Its number is a test number; the terminal masks it as real terminals do
/// (only the last four digits leave it), so the counter never sees more.
public struct TestCard: Hashable, Sendable {
    /// A short name for scripts ("mastercard").
    public var name: String
    /// The full test number, kept inside the simulator.
    public var number: String
    /// The card name the terminal reports (BMP 8B).
    public var cardName: String
    /// The ZVT card type (BMP 8A).
    public var zvtCardType: UInt8
    /// The EMV AID as bytes (TLV 43).
    public var applicationID: [UInt8]
    /// The EMV application label (TLV 44).
    public var applicationName: String
    /// ZVT card technology (TLV 1F12: 0 stripe, 1 chip, 2 contactless).
    public var technology: UInt8
    /// ZVT cardholder verification (TLV 1F10: 0 none, 1 signature, 2 online PIN, 3 offline PIN).
    public var verification: UInt8
    /// The expiry date as YYMM, sent only by a terminal scripted to leak card data (`full-pan`).
    public var expiry: String

    /// The number as the terminal sends it: masked but for the last four digits.
    public var maskedPAN: MaskedPAN {
        MaskedPAN(digits: String(repeating: "*", count: max(number.count - 4, 0)) + number.suffix(4))!
    }

    /// A debit Mastercard, chip and online PIN.
    public static let debitMastercard = TestCard(
        name: "mastercard", number: "5413330089010434", cardName: "Debit Mastercard", zvtCardType: 6,
        applicationID: [0xA0, 0x00, 0x00, 0x00, 0x04, 0x10, 0x10], applicationName: "DEBIT MASTERCARD",
        technology: 1, verification: 2, expiry: "2812"
    )
    /// A Visa card, contactless without verification.
    public static let visa = TestCard(
        name: "visa", number: "4761739001010010", cardName: "VISA", zvtCardType: 10,
        applicationID: [0xA0, 0x00, 0x00, 0x00, 0x03, 0x10, 0x10], applicationName: "VISA CREDIT",
        technology: 2, verification: 0, expiry: "2907"
    )
    /// A girocard, chip and offline PIN.
    public static let girocard = TestCard(
        name: "girocard", number: "6799998900000000010", cardName: "girocard", zvtCardType: 5,
        applicationID: [0xA0, 0x00, 0x00, 0x03, 0x59, 0x10, 0x10, 0x02, 0x80, 0x01], applicationName: "girocard",
        technology: 1, verification: 3, expiry: "3103"
    )

    /// The expiry as a slip prints it (MM/YY).
    public var printedExpiry: String { "\(expiry.suffix(2))/\(expiry.prefix(2))" }

    /// The cards scripts can name.
    public static let all: [TestCard] = [.debitMastercard, .visa, .girocard]

    /// The card with a script name.
    public static func named(_ name: String) -> TestCard? {
        all.first { $0.name == name.lowercased() }
    }
}
