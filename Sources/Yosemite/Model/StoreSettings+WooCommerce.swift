import Networking
import POSFoundation

extension StoreSettings {
    /// WordPress's site language, from `GET wc/v3/system_status?_fields=environment` (what a shop manager may read;
    /// `wp/v2/settings` needs an administrator). nil when the store does not answer: the language is a nicety that
    /// never stops a login or a settings sync.
    static func siteLanguage(network: any Network) async -> String? {
        guard let status = try? await SystemStatusRemote(network: network).loadSystemStatus(fields: ["environment"]),
              let language = status.environment?.language, !language.isEmpty else { return nil }
        return language
    }

    /// Builds the settings from WooCommerce's `settings/general` and `settings/tax` groups.
    ///
    /// The currency's exponent is the store's `woocommerce_price_num_decimals` (WooCommerce rounds every stored
    /// amount to it), falling back to ISO 4217. Missing settings take WooCommerce's defaults.
    init(storeName: String, siteURL: String, general: [SiteSetting], tax: [SiteSetting], language: String? = nil) {
        let values = Dictionary(
            (general + tax).map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first }
        )
        func value(_ key: String, _ fallback: String = "") -> String { values[key] ?? fallback }

        let code = value("woocommerce_currency", "USD")
        let decimals = Int(value("woocommerce_price_num_decimals", "")) ?? Currency.isoExponent(for: code)
        let currency = Currency(code: code, exponent: decimals)
        let separators = DecimalSeparators(
            decimalSetting: value("woocommerce_price_decimal_sep", "."),
            groupingSetting: value("woocommerce_price_thousand_sep", ",")
        )
        let position = MoneyFormat.SymbolPosition(rawValue: value("woocommerce_currency_pos", "left")) ?? .left
        let countryAndState = value("woocommerce_default_country").split(separator: ":", maxSplits: 1).map(String.init)

        self.init(
            storeName: storeName,
            siteURL: siteURL,
            currency: currency,
            moneyFormat: MoneyFormat(symbol: currency.symbol, position: position, separators: separators),
            address: StoreAddress(
                line1: value("woocommerce_store_address"),
                line2: value("woocommerce_store_address_2"),
                city: value("woocommerce_store_city"),
                postcode: value("woocommerce_store_postcode"),
                country: countryAndState.first ?? "",
                state: countryAndState.count > 1 ? countryAndState[1] : ""
            ),
            taxes: TaxOptions(
                calculateTaxes: value("woocommerce_calc_taxes", "no") == "yes",
                pricesIncludeTax: value("woocommerce_prices_include_tax", "no") == "yes",
                roundAtSubtotal: value("woocommerce_tax_round_at_subtotal", "no") == "yes",
                basedOn: value("woocommerce_tax_based_on", "shipping")
            ),
            language: language.flatMap { $0.isEmpty ? nil : $0 }
        )
    }
}
