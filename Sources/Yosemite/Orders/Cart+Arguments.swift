import Foundation
import POSFoundation

// MARK: - Items and discounts as a cashier types them

extension Cart.Item {
    /// Parses a typed item, `CODE`, `CODE:QTY` (`--item 4006381333931:2`) or either with a line discount after an
    /// `@` (`CODE:2@10%`, `CODE@0.50`); `nil` when the code is empty, the quantity is not a whole number of at least
    /// 1, or the discount is not a percentage or amount above zero.
    ///
    /// Only a trailing `:` followed by digits is a quantity, so a code that itself holds a colon (`A:B`) stays whole.
    /// The colon is looked for among Unicode scalars, not characters: a code ending in a prepended mark
    /// (`U+0600`) would otherwise swallow the colon into one character and lose the quantity.
    ///
    /// The discount is read with either decimal separator ("@0,50" or "@0.50"); a front that knows the store reads it
    /// in the store's terms with ``init(argument:currency:separators:)``.
    public init?(argument: String) {
        self.init(argument: argument) {
            try? Cart.Discount(typed: $0, currency: Currency(code: "XXX", exponent: 6), separators: .api)
        }
    }

    /// Parses `argument` as ``init(argument:)`` describes, reading a line discount with `parseDiscount`.
    init?(argument: String, parseDiscount: (String) -> Cart.Discount?) {
        // A line discount after the last `@`: `CODE:2@10%`, `CODE@0.50`.
        var argument = argument
        var discount: Cart.Discount?
        let all = argument.unicodeScalars
        if let at = all.lastIndex(of: "@") {
            let suffix = String(all[all.index(after: at)...])
            if let parsed = parseDiscount(suffix) {
                discount = parsed
                argument = String(all[..<at])
            } else if Self.looksLikeQuantity(suffix) || suffix.isEmpty {
                return nil // `X@-5`, `X@0`, `X@`: a discount typed wrong, not part of the code
            }
        }
        var code = argument
        var quantity = 1
        let scalars = argument.unicodeScalars
        if let colon = scalars.lastIndex(of: ":") {
            let suffix = String(scalars[scalars.index(after: colon)...])
            if let typed = Int(suffix) {
                code = String(scalars[..<colon])
                quantity = typed
            } else if Self.looksLikeQuantity(suffix) {
                return nil // `X:1.5`, `X:-1.5`, `X:2x`: a quantity typed wrong, not part of the code
            }
        }
        guard quantity > 0, !code.isEmpty else { return nil }
        self.init(code: code, quantity: quantity, discount: discount)
    }

    /// A suffix that starts like a number (a digit, a sign or a decimal point) was meant as the quantity.
    static func looksLikeQuantity(_ suffix: String) -> Bool {
        guard let first = suffix.unicodeScalars.first else { return false }
        return ("0"..."9").contains(first) || first == "-" || first == "+" || first == "." || first == ","
    }
}

extension Cart.Discount {
    /// Parses a typed discount, a percentage (`10%`, `12.5%`) or an amount (`2.50`); `nil` unless it is a
    /// positive number.
    public init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        let isPercent = text.hasSuffix("%")
        guard let value = PreciseAmount(decimalText: isPercent ? String(text.dropLast()) : text), value > .zero else {
            return nil
        }
        self = isPercent ? .percent(value) : .amount(value)
    }
}

extension Cart.Item {
    /// Parses a manual item as `pos sell --manual` takes it: comma-separated `key=value` pairs, `price=` required,
    /// `tax=` a synced tax class slug (default `standard`), `name=` optional, `code=` the scanned code, `qty=`
    /// a whole number of at least 1 — e.g. `price=3.50,tax=reduced-rate,name=Rye bread,code=4012345678901`. `nil`
    /// when a key is unknown, the price is not an amount above zero, or the quantity is not a whole number ≥ 1.
    ///
    /// With the store's `currency` and `separators`, the price is read as every front reads a typed amount
    /// (``Cart/ManualItem/unitPrice(typed:currency:separators:)``); without them (checking the form only), as a decimal.
    public init?(manualArgument: String, currency: Currency? = nil, separators: DecimalSeparators? = nil) {
        var price: PreciseAmount?
        var manual = Cart.ManualItem(unitPrice: .zero)
        var code = ""
        var quantity = 1
        for pair in manualArgument.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { return nil }
            switch parts[0].lowercased() {
            case "price":
                if let currency, let separators {
                    price = Cart.ManualItem.unitPrice(typed: parts[1], currency: currency, separators: separators)
                } else {
                    price = PreciseAmount(decimalText: parts[1])
                }
            case "tax": manual.taxClass = parts[1]
            case "name": manual.name = parts[1]
            case "code": code = parts[1]
            case "qty":
                guard let typed = Int(parts[1]), typed > 0 else { return nil }
                quantity = typed
            default: return nil
            }
        }
        guard let price, price > .zero else { return nil }
        manual.unitPrice = price
        self.init(code: code, quantity: quantity, manual: manual)
    }
}
