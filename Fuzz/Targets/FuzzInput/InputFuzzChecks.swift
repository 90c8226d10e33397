import FuzzSupport
import Hardware
import POSFoundation
import Storage
import Yosemite

/// The parsers of typed input, with their invariants.
enum InputFuzzChecks {
    static let separators: [DecimalSeparators] = [.api, .dotDecimalCommaGrouping, .commaDecimalDotGrouping]

    /// An amount parses in a currency of exponent 0–3; what parses formats and parses back to itself.
    static func money(_ text: String, options: UInt8) {
        let currency = Currency(code: "XTS", exponent: Int(options % 4))
        let style = separators[Int(options / 4) % separators.count]
        let rounding: ParseRounding = options & 0x40 != 0 ? .round(.halfUp) : .exact
        guard let money = try? Money(parsing: text, currency: currency, separators: style, rounding: rounding) else {
            return
        }
        let format = MoneyFormat(symbol: "", position: .left, separators: style)
        let number = format.number(for: money)
        let again = try? Money(parsing: number, currency: currency, separators: style)
        fuzzCheck(again == money, "a parsed amount does not parse back from its formatted text")
        _ = format.string(for: money)
    }

    /// A decimal, a precise amount and a typed discount.
    static func decimal(_ text: String) {
        if let exact = try? ExactDecimal(parsing: text) {
            fuzzCheck((try? ExactDecimal(parsing: exact.description)) == exact, "ExactDecimal does not round-trip")
        }
        _ = PreciseAmount(decimalText: text)
        if let discount = Cart.Discount(argument: text) {
            switch discount {
            case .percent(let value), .amount(let value):
                fuzzCheck(value > .zero, "a typed discount is not positive")
            }
        }
    }

    /// A reader address round-trips through its description.
    static func readerAddress(_ text: String) {
        guard let address = try? ReaderAddress(text) else { return }
        let again = try? ReaderAddress(address.description)
        fuzzCheck(again == address, "a reader address does not round-trip through its description")
    }

    /// `--item CODE[:QTY][@DISCOUNT]`: a quantity of at least 1, a code, and the same item when typed back.
    static func item(_ text: String) {
        guard let item = Cart.Item(argument: text) else { return }
        fuzzCheck(item.quantity >= 1, "a typed quantity is below 1")
        fuzzCheck(!item.code.isEmpty, "a typed item has no code")
        let discount = item.discount.map { discount in
            switch discount {
            case .percent(let value): "@\(value)%"
            case .amount(let value): "@\(value)"
            }
        } ?? ""
        fuzzCheck(Cart.Item(argument: "\(item.code):\(item.quantity)\(discount)") == item, "a typed item does not round-trip")
    }

    /// A scanned code: the spellings searched are the code itself, then, for digits, the same number padded.
    static func barcode(_ text: String) {
        let candidates = BarcodeMatch.candidates(for: text)
        fuzzCheck(Set(candidates).count == candidates.count, "a barcode lookup searches a spelling twice")
        guard let first = candidates.first else { return }
        fuzzCheck(!first.isEmpty, "a barcode lookup searches an empty code")
        guard first.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            fuzzCheck(candidates.count == 1, "a non-numeric code has GTIN spellings")
            return
        }
        let core = { (code: String) in String(code.drop(while: { $0 == "0" })) }
        fuzzCheck(candidates.allSatisfy { core($0) == core(first) }, "a GTIN spelling names another number")
    }
}
