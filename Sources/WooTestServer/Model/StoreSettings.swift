import Foundation

/// The store settings the server knows (general, tax and product groups).
public struct StoreSettings: Sendable, Equatable {
    /// The site title.
    public var siteName = "Demo Store"
    /// WordPress's site language (`get_locale()`), served as `system_status`'s `environment.language` and
    /// `wp/v2/settings`'s `language`.
    public var siteLanguage = "en_US"
    /// The site tagline.
    public var siteDescription = "A WooCommerce test store"
    /// ISO currency code.
    public var currency = "EUR"
    /// The currency symbol.
    public var currencySymbol = "€"
    /// `left`, `right`, `left_space` or `right_space`.
    public var currencyPosition = "right_space"
    /// Thousands separator.
    public var thousandSeparator = "."
    /// Decimal separator.
    public var decimalSeparator = ","
    /// Decimals shown and rounded to.
    public var numberOfDecimals = 2
    /// Store address line 1.
    public var storeAddress = "Hauptstraße 1"
    /// Store address line 2.
    public var storeAddress2 = ""
    /// City.
    public var storeCity = "Berlin"
    /// Postcode.
    public var storePostcode = "10115"
    /// `CC` or `CC:ST`.
    public var defaultCountry = "DE"
    /// Whether taxes are calculated.
    public var calcTaxes = true
    /// Whether coupons are enabled.
    public var enableCoupons = true
    /// Whether catalogue prices include tax.
    public var pricesIncludeTax = true
    /// Whether tax is rounded at subtotal instead of per line.
    public var taxRoundAtSubtotal = false
    /// `base`, `billing` or `shipping` (only the base location is modelled).
    public var taxBasedOn = "base"
    /// Weight unit.
    public var weightUnit = "kg"
    /// Dimension unit.
    public var dimensionUnit = "cm"

    /// The store's base country code.
    var baseCountry: String { String(defaultCountry.split(separator: ":").first ?? "") }
}
