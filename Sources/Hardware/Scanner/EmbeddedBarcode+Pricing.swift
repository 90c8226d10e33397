import POSFoundation

/// How a line scanned from an embedded barcode is priced.
public enum EmbeddedLinePrice: Hashable, Sendable {
    /// A weight label: weight × the product's price per kilogram.
    case weighed(WeighedLine)
    /// A price label: the printed price, quantity 1.
    case labelled(Money)

    /// The price to pay.
    public var price: Money {
        switch self {
        case .weighed(let line): line.price
        case .labelled(let price): price
        }
    }
}

extension EmbeddedBarcode {
    /// Prices the scanned line: a weight label with the product's price per kilogram, a price label as printed.
    ///
    /// - Parameter unitPrice: The product's price per kilogram (its currency is the store's, also for price labels).
    public func priced(unitPrice: Money) -> EmbeddedLinePrice {
        switch value {
        case .weight(let grams): .weighed(WeighedLine(grams: grams, unitPrice: unitPrice))
        case .price(let minorUnits): .labelled(Money(minorUnits: minorUnits, currency: unitPrice.currency))
        }
    }
}
