import Localization
import POSFoundation

/// The store-wide settings pos needs to sell: currency and how amounts look, the address printed on receipts,
/// and the tax options that decide how totals are computed. Read from WooCommerce's `settings/general` and
/// `settings/tax` groups and kept in the local database, so they are there offline.
public struct StoreSettings: Hashable, Sendable, Codable {
    /// The store's name as WordPress reports it (`/wp-json/` index `name`).
    public var storeName: String
    /// The site address, e.g. "https://shop.example".
    public var siteURL: String
    /// The currency, with the store's number of decimals as its exponent.
    public var currency: Currency
    /// How amounts are shown to people.
    public var moneyFormat: MoneyFormat
    /// The store address, line by line as it stands on a receipt.
    public var address: StoreAddress
    /// Tax options that decide how totals are computed.
    public var taxes: TaxOptions
    /// WordPress's site language as synced at login ("de_DE", "en_US"; `wc/v3/system_status`'s
    /// `environment.language`); nil when the store did not say (an older store, or one that refused).
    public var language: String?

    /// The language receipts are printed in and the screen falls back to: the site language when pos speaks it,
    /// else English.
    public var siteLanguage: Language { language.flatMap(Language.init(localeIdentifier:)) ?? .english }

    public init(
        storeName: String,
        siteURL: String,
        currency: Currency,
        moneyFormat: MoneyFormat,
        address: StoreAddress,
        taxes: TaxOptions,
        language: String? = nil
    ) {
        self.storeName = storeName
        self.siteURL = siteURL
        self.currency = currency
        self.moneyFormat = moneyFormat
        self.address = address
        self.taxes = taxes
        self.language = language
    }
}

/// The store's postal address (`woocommerce_store_address`, `…_address_2`, `…_city`, `…_postcode`,
/// `woocommerce_default_country` as "DE:BE").
public struct StoreAddress: Hashable, Sendable, Codable {
    public var line1: String
    public var line2: String
    public var city: String
    public var postcode: String
    public var country: String
    public var state: String

    public init(line1: String = "", line2: String = "", city: String = "", postcode: String = "", country: String = "", state: String = "") {
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.postcode = postcode
        self.country = country
        self.state = state
    }

    /// The non-empty lines of the address, as printed: street, second line, "postcode city", country.
    public var lines: [String] {
        [line1, line2, [postcode, city].filter { !$0.isEmpty }.joined(separator: " "), [country, state].filter { !$0.isEmpty }.joined(separator: "-")]
            .filter { !$0.isEmpty }
    }
}

/// WooCommerce's tax options (`woocommerce_calc_taxes`, `woocommerce_prices_include_tax`,
/// `woocommerce_tax_round_at_subtotal`, `woocommerce_tax_based_on`).
public struct TaxOptions: Hashable, Sendable, Codable {
    /// Whether taxes are calculated at all.
    public var calculateTaxes: Bool
    /// Whether catalog prices are entered with tax included.
    public var pricesIncludeTax: Bool
    /// Whether tax is rounded once at the subtotal instead of per line.
    public var roundAtSubtotal: Bool
    /// "shipping", "billing" or "base": which address selects the tax rates. A counter sells at the base.
    public var basedOn: String

    public init(calculateTaxes: Bool = true, pricesIncludeTax: Bool = false, roundAtSubtotal: Bool = false, basedOn: String = "base") {
        self.calculateTaxes = calculateTaxes
        self.pricesIncludeTax = pricesIncludeTax
        self.roundAtSubtotal = roundAtSubtotal
        self.basedOn = basedOn
    }
}
