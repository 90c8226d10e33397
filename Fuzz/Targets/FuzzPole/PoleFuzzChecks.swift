import FuzzSupport
import Hardware
import POSFoundation

/// Builds pole display states from fuzzer bytes and checks what the encoder writes.
enum PoleFuzzChecks {
    static let formats: [MoneyFormat] = [
        MoneyFormat(symbol: "€", position: .rightSpace, separators: .commaDecimalDotGrouping),
        MoneyFormat(symbol: "$", position: .left, separators: .dotDecimalCommaGrouping),
        MoneyFormat(symbol: "CHF", position: .leftSpace, separators: DecimalSeparators(decimal: ".", grouping: "'")),
        MoneyFormat(symbol: "¥", position: .right, separators: .api),
        MoneyFormat(symbol: "", position: .left, separators: DecimalSeparators(decimal: ",", grouping: " ")),
    ]

    static func encoder(_ input: inout FuzzInput) -> PoleDisplayEncoder {
        let page = input.bool() ? CodePage.pc858 : CodePage.pc437
        var format = formats[Int(input.byte()) % formats.count]
        if input.byte() >= 0xF0 { format.symbol = input.awkwardText(maxPieces: 4) }
        let texts: PoleDisplayTexts
        switch input.byte() % 3 {
        case 0: texts = .german
        case 1: texts = .english
        default:
            texts = PoleDisplayTexts(total: input.awkwardText(), totalDue: input.awkwardText(), given: input.awkwardText(),
                                     change: input.awkwardText())
        }
        return PoleDisplayEncoder(codePage: page, moneyFormat: format, texts: texts)
    }

    /// An amount within ±10^12 minor units (ten billion in a two-decimal currency).
    static func money(_ input: inout FuzzInput, _ currency: Currency) -> Money {
        Money(minorUnits: input.signed(within: 1_000_000_000_000), currency: currency)
    }

    static func state(_ input: inout FuzzInput, currency: Currency) -> PoleDisplayState {
        switch input.byte() % 6 {
        case 0: return .idle(welcome: input.awkwardText(), second: input.awkwardText())
        case 1: return .item(name: input.awkwardText(), price: money(&input, currency), total: money(&input, currency))
        case 2:
            // A weighed line has a positive weight (scales weigh at most 999.999 kg here); prices per kilogram
            // stay within ±10^9 minor units.
            let grams = Int(input.signed(within: 999_998).magnitude) + 1
            let unit = Money(minorUnits: input.signed(within: 1_000_000_000), currency: currency)
            return .weighedItem(name: input.awkwardText(), line: WeighedLine(grams: grams, unitPrice: unit, isNet: input.bool()))
        case 3: return .totalDue(money(&input, currency))
        case 4: return .change(given: money(&input, currency), change: money(&input, currency))
        default: return .thankYou(first: input.awkwardText(), second: input.awkwardText())
        }
    }

    static func check(_ encoder: PoleDisplayEncoder, _ state: PoleDisplayState) {
        let columns = PoleDisplayEncoder.columns
        let (first, second) = encoder.rows(for: state)
        for row in [first, second] {
            fuzzCheck(row.count == columns, "a pole display row has \(row.count) characters")
            fuzzCheck(encoder.codePage.encode(row).count == columns, "a pole display row does not encode one byte per character")
            fuzzCheck(row.allSatisfy(encoder.codePage.contains), "a pole display row holds a character the code page lacks")
        }
        let bytes = encoder.encode(state)
        fuzzCheck(bytes.count == 2 * (4 + columns), "a pole display state is \(bytes.count) bytes")
        guard bytes.count == 2 * (4 + columns) else { return }
        fuzzCheck(Array(bytes[0..<4]) == [0x1F, 0x24, 0x01, 0x01], "the first row is not positioned at column 1, row 1")
        fuzzCheck(Array(bytes[24..<28]) == [0x1F, 0x24, 0x01, 0x02], "the second row is not positioned at column 1, row 2")
        for byte in bytes[4..<24] + bytes[28..<48] {
            fuzzCheck(byte >= 0x20 && byte != 0x7F, "a pole display row holds the control byte \(byte)")
        }
        // An amount short enough is shown whole at the right end of its row.
        let amounts: [(String, String)]
        switch state {
        case .item(_, let price, let total): amounts = [(first, price.formatted(encoder.moneyFormat)), (second, total.formatted(encoder.moneyFormat))]
        case .totalDue(let amount): amounts = [(second, amount.formatted(encoder.moneyFormat))]
        case .change(let given, let change): amounts = [(first, given.formatted(encoder.moneyFormat)), (second, change.formatted(encoder.moneyFormat))]
        default: amounts = []
        }
        for (row, amount) in amounts {
            let shown = encoder.codePage.transliterate(amount)
            if shown.count <= columns {
                fuzzCheck(row.hasSuffix(shown), "an amount that fits is not shown whole at the right of its row")
            }
        }
    }
}
