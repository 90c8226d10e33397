import Foundation
import POSFoundation

// MARK: - What a cashier types, read the same way on every front

extension Cart.Discount {
    /// Parses a discount a person typed, at the counter's prompts (F4, ^D) or on the command line (`--discount`,
    /// `--item CODE@…`): a percentage ("10%", "12,5 %") or an amount of the store's currency, read as
    /// ``Money/init(typed:currency:separators:)`` reads money: the store's separators or the other common ones
    /// ("2,50" and "2.50" alike), "1.000" refused as ambiguous where "." groups thousands, more decimals than the
    /// currency has refused. Zero is refused; a percentage may have up to six decimals.
    ///
    /// ```swift
    /// try Cart.Discount(typed: "1,00", currency: .eur, separators: .commaDecimalDotGrouping)  // .amount(1.00)
    /// try Cart.Discount(typed: "12,5%", currency: .eur, separators: .commaDecimalDotGrouping) // .percent(12.5)
    /// ```
    public init(typed text: String, currency: Currency, separators: DecimalSeparators) throws(TypedAmountError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") {
            let number = String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces)
            // A percentage is a number, not money: six decimals, the precision of ``PreciseAmount``.
            let value = try Money(typed: number, currency: Currency(code: "XXX", exponent: 6), separators: separators)
            guard value.minorUnits > 0 else { throw .notAnAmount(text: text) }
            self = .percent(PreciseAmount(micros: value.minorUnits))
        } else {
            let value = try Money(typed: trimmed, currency: currency, separators: separators)
            guard value.minorUnits > 0 else { throw .notAnAmount(text: text) }
            self = .amount(PreciseAmount(minorUnits: value.minorUnits, exponent: currency.exponent))
        }
    }
}

extension Cart.ManualItem {
    /// A manual item's unit price as a person typed it, read as ``Money/init(typed:currency:separators:)`` reads
    /// money (the store's separators or the other common ones, "1.000" ambiguous, no more decimals than the currency
    /// has), on every front; `nil` unless it is an amount above zero.
    public static func unitPrice(typed text: String, currency: Currency, separators: DecimalSeparators) -> PreciseAmount? {
        guard let money = try? Money(typed: text.trimmingCharacters(in: .whitespaces), currency: currency, separators: separators),
              money.minorUnits > 0 else { return nil }
        return PreciseAmount(minorUnits: money.minorUnits, exponent: currency.exponent)
    }
}

extension Cart {
    /// A coupon code as typed, as the cart keeps it: trimmed and in lower case (WooCommerce's own form of a code,
    /// `wc_format_coupon_code`; the catalog looks codes up so); `nil` for nothing typed.
    public static func couponCode(typed text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed.lowercased()
    }

    /// The cart that `edits` make of this one, by the checkout's own rules (``Checkout/CartEdit``): the same code
    /// without a discount adds to its line, a discounted, weighed, labelled or manual item is a line of its own,
    /// and so on. For a front that takes a whole cart at once (`pos sell`, `pos cart park`): it opens the sale with
    /// this cart in one event, so the sale holds what the same edits sent one at a time (the counter's scans)
    /// would hold, and nothing is recorded when the sale is refused (an approval, a limit).
    ///
    /// - Throws: ``CheckoutRefusal`` when the checkout refuses an edit (an item without a code, a line that is
    ///   not there).
    public func applying(_ edits: [Checkout.CartEdit]) throws(CheckoutRefusal) -> Cart {
        let none = Money(minorUnits: 0, currency: Currency(code: "XXX"))
        var cart = self
        for edit in edits {
            // The reducer's answer to an edit is the edited cart, to be priced; only the cart is wanted here.
            var checkout = Checkout(state: .open, cart: cart, total: none, paid: none, hasCardTender: false,
                                    cardInFlight: false)
            guard case .price(let next)? = try checkout.handle(.edit(edit)).first else {
                throw CheckoutRefusal(state: .open, reason: "the checkout did not answer the edit with a cart to price")
            }
            cart = next
        }
        return cart
    }
}

extension Cart.Item {
    /// Parses a typed item as ``init(argument:)`` does, with its line discount (after `@`) read in the store's
    /// terms by ``Cart/Discount/init(typed:currency:separators:)``; `nil` when it is not an item.
    public init?(argument: String, currency: Currency, separators: DecimalSeparators) {
        self.init(argument: argument) { try? Cart.Discount(typed: $0, currency: currency, separators: separators) }
    }
}
