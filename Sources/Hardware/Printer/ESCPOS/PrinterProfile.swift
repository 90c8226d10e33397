/// What an ESC/POS printer model can do: paper width in columns and dots, character table, QR support, cutter.
///
/// ESC/POS is a family, not a standard: code table numbers, QR support and cutters differ between models. The
/// two generic profiles fit most Epson-compatible printers; a specific model gets its own profile (values can be
/// taken from escpos-printer-db).
///
/// ```swift
/// var profile = PrinterProfile.generic80mm
/// profile.codePage.number = 16        // a printer that numbers PC858 differently
/// let encoder = ESCPOSEncoder(profile: profile)
/// ```
public struct PrinterProfile: Hashable, Sendable {
    /// A name for settings screens and logs.
    public var name: String
    /// Characters per line in font A at normal size: 48 on 80 mm paper, 32 on 58 mm.
    public var columns: Int
    /// Printable dots per line: 576 on 80 mm paper, 384 on 58 mm (203 dpi).
    public var dotsPerLine: Int
    /// The character table text is encoded in, selected with `ESC t` after `ESC @`.
    public var codePage: CodePage
    /// Whether the printer draws QR codes itself (`GS ( k`); without it the payload is printed as text.
    public var supportsQRCode: Bool
    /// Whether the printer has an auto-cutter; without one a cut feeds the paper to the tear bar.
    public var hasCutter: Bool
    /// Lines fed before cutting, so the last printed line clears the cutter (or reaches the tear bar).
    public var feedLinesBeforeCut: UInt8

    /// Creates a profile.
    public init(
        name: String,
        columns: Int,
        dotsPerLine: Int,
        codePage: CodePage = .pc858,
        supportsQRCode: Bool = true,
        hasCutter: Bool = true,
        feedLinesBeforeCut: UInt8 = 4
    ) {
        self.name = name
        self.columns = columns
        self.dotsPerLine = dotsPerLine
        self.codePage = codePage
        self.supportsQRCode = supportsQRCode
        self.hasCutter = hasCutter
        self.feedLinesBeforeCut = feedLinesBeforeCut
    }

    /// An Epson-compatible 80 mm printer (TM-T20/T88 class): 48 columns, 576 dots, PC858, QR, auto-cutter.
    public static let generic80mm = PrinterProfile(name: "Generic 80 mm", columns: 48, dotsPerLine: 576)

    /// An Epson-compatible 58 mm printer (ZJ-58 class): 32 columns, 384 dots, PC858, QR, no cutter.
    public static let generic58mm = PrinterProfile(
        name: "Generic 58 mm",
        columns: 32,
        dotsPerLine: 384,
        hasCutter: false
    )
}
