import POSFoundation

/// Turns a ``PoleDisplayState`` into the bytes of the Epson customer-display command set (2 × 20 characters).
///
/// Commands used (Epson DM-D series and the many displays with an "Epson mode"):
///
/// | Bytes | Name | Effect |
/// | --- | --- | --- |
/// | `1B 40` | ESC @ | initialise the display |
/// | `1B 74 n` | ESC t n | select character code table n (19: PC858, with `€` at 0xD5 and the umlauts) |
/// | `1F 01` | US MD1 | overwrite mode (no scrolling when a line is full) |
/// | `1F 43 00` | US C 0 | hide the cursor |
/// | `0C` | CLR | clear the screen, cursor home |
/// | `1F 24 x y` | US $ x y | move the cursor to column x (1–20), row y (1–2) |
///
/// Every state is written as both rows in full (padded with spaces to 20 columns), each after an `US $`, so a
/// state never depends on what was on the screen before and nothing flickers.
public struct PoleDisplayEncoder: Sendable {
    /// Characters per row.
    public static let columns = 20
    /// Rows.
    public static let rows = 2

    /// The display's character table (set on the display with `ESC t`).
    public var codePage: CodePage
    /// How amounts are written.
    public var moneyFormat: MoneyFormat
    /// The fixed words.
    public var texts: PoleDisplayTexts

    public init(codePage: CodePage = .pc858, moneyFormat: MoneyFormat = MoneyFormat(symbol: "€", position: .rightSpace,
                separators: .commaDecimalDotGrouping), texts: PoleDisplayTexts = .german) {
        self.codePage = codePage
        self.moneyFormat = moneyFormat
        self.texts = texts
    }

    // MARK: - Bytes

    /// Sent once when the line opens: initialise, select the code page, overwrite mode, hide the cursor, clear.
    public func initialization() -> [UInt8] {
        [0x1B, 0x40, 0x1B, 0x74, codePage.number, 0x1F, 0x01, 0x1F, 0x43, 0x00, 0x0C]
    }

    /// The bytes that show a state: each row positioned with `US $` and written in full.
    public func encode(_ state: PoleDisplayState) -> [UInt8] {
        let (first, second) = rows(for: state)
        return [0x1F, 0x24, 0x01, 0x01] + codePage.encode(first) + [0x1F, 0x24, 0x01, 0x02] + codePage.encode(second)
    }

    // MARK: - Layout

    /// The two rows of a state, each exactly 20 characters of the code page (transliterated, cut, padded).
    public func rows(for state: PoleDisplayState) -> (String, String) {
        switch state {
        case .idle(let welcome, let second):
            return (centred(welcome), centred(second))
        case .item(let name, let price, let total):
            return (spread(name, price.formatted(moneyFormat)), spread(texts.total, total.formatted(moneyFormat)))
        case .weighedItem(let name, let line):
            let kilograms = moneyFormat.separators.decimal == "," ? line.weightText.replacingDots() : line.weightText
            let perKilogram = "\(moneyFormat.number(for: line.unitPrice))/kg"
            return (spread(name, line.price.formatted(moneyFormat)), spread(kilograms, "x " + perKilogram))
        case .totalDue(let amount):
            return (fit(texts.totalDue), spread("", amount.formatted(moneyFormat)))
        case .change(let given, let change):
            return (spread(texts.given, given.formatted(moneyFormat)), spread(texts.change, change.formatted(moneyFormat)))
        case .thankYou(let first, let second):
            return (centred(first), centred(second))
        }
    }

    /// Text left, amount right; the text is cut to leave one space before the amount.
    func spread(_ left: String, _ right: String) -> String {
        let amount = Array(codePage.transliterate(right).prefix(Self.columns))
        let room = max(0, Self.columns - amount.count - 1)
        let label = Array(codePage.transliterate(left).prefix(room))
        let gap = Self.columns - label.count - amount.count
        return String(label) + String(repeating: " ", count: gap) + String(amount)
    }

    /// Text left, padded to the full row.
    func fit(_ text: String) -> String {
        let cut = Array(codePage.transliterate(text).prefix(Self.columns))
        return String(cut) + String(repeating: " ", count: Self.columns - cut.count)
    }

    /// Text centred (an odd space goes right).
    func centred(_ text: String) -> String {
        let cut = Array(codePage.transliterate(text).prefix(Self.columns))
        let left = (Self.columns - cut.count) / 2
        return String(repeating: " ", count: left) + String(cut) + String(repeating: " ", count: Self.columns - cut.count - left)
    }
}

extension String {
    /// "1.234 kg" → "1,234 kg" for shops that write decimals with a comma.
    fileprivate func replacingDots() -> String {
        String(map { $0 == "." ? "," : $0 })
    }
}
