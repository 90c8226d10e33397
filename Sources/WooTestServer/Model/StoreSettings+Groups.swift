import Foundation

extension StoreSettings {
    /// One setting as `wc/v3/settings/{group}` lists it.
    struct Entry {
        let id: String
        let label: String
        let type: String
        let value: String
    }

    private static func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }

    /// The settings of `group` (`general`, `products`, `tax`), nil for an unknown group.
    func entries(of group: String) -> [Entry]? {
        switch group {
        case "general":
            [
                Entry(id: "woocommerce_store_address", label: "Address line 1", type: "text", value: storeAddress),
                Entry(id: "woocommerce_store_address_2", label: "Address line 2", type: "text", value: storeAddress2),
                Entry(id: "woocommerce_store_city", label: "City", type: "text", value: storeCity),
                Entry(id: "woocommerce_default_country", label: "Country / State", type: "select",
                      value: defaultCountry),
                Entry(id: "woocommerce_store_postcode", label: "Postcode / ZIP", type: "text", value: storePostcode),
                Entry(id: "woocommerce_calc_taxes", label: "Enable taxes", type: "checkbox",
                      value: Self.yesNo(calcTaxes)),
                Entry(id: "woocommerce_enable_coupons", label: "Enable coupons", type: "checkbox",
                      value: Self.yesNo(enableCoupons)),
                Entry(id: "woocommerce_calc_discounts_sequentially", label: "Calculate coupon discounts sequentially",
                      type: "checkbox", value: "no"),
                Entry(id: "woocommerce_currency", label: "Currency", type: "select", value: currency),
                Entry(id: "woocommerce_currency_pos", label: "Currency position", type: "select",
                      value: currencyPosition),
                Entry(id: "woocommerce_price_thousand_sep", label: "Thousand separator", type: "text",
                      value: thousandSeparator),
                Entry(id: "woocommerce_price_decimal_sep", label: "Decimal separator", type: "text",
                      value: decimalSeparator),
                Entry(id: "woocommerce_price_num_decimals", label: "Number of decimals", type: "number",
                      value: String(numberOfDecimals)),
            ]
        case "products":
            [
                Entry(id: "woocommerce_weight_unit", label: "Weight unit", type: "select", value: weightUnit),
                Entry(id: "woocommerce_dimension_unit", label: "Dimensions unit", type: "select", value: dimensionUnit),
                Entry(id: "woocommerce_manage_stock", label: "Manage stock", type: "checkbox", value: "yes"),
            ]
        case "tax":
            [
                Entry(id: "woocommerce_prices_include_tax", label: "Prices entered with tax", type: "radio",
                      value: Self.yesNo(pricesIncludeTax)),
                Entry(id: "woocommerce_tax_based_on", label: "Calculate tax based on", type: "select",
                      value: taxBasedOn),
                Entry(id: "woocommerce_shipping_tax_class", label: "Shipping tax class", type: "select",
                      value: "inherit"),
                Entry(id: "woocommerce_tax_round_at_subtotal", label: "Rounding", type: "checkbox",
                      value: Self.yesNo(taxRoundAtSubtotal)),
                Entry(id: "woocommerce_tax_display_shop", label: "Display prices in the shop", type: "select",
                      value: pricesIncludeTax ? "incl" : "excl"),
                Entry(id: "woocommerce_tax_display_cart", label: "Display prices during cart and checkout",
                      type: "select", value: pricesIncludeTax ? "incl" : "excl"),
                Entry(id: "woocommerce_tax_total_display", label: "Display tax totals", type: "select",
                      value: "itemized"),
            ]
        default:
            nil
        }
    }

    /// Sets one setting by its id; false when the id is unknown or the value invalid.
    mutating func set(_ id: String, to value: String) -> Bool {
        let flag = value == "yes" || value == "true" || value == "1"
        switch id {
        case "woocommerce_store_address": storeAddress = value
        case "woocommerce_store_address_2": storeAddress2 = value
        case "woocommerce_store_city": storeCity = value
        case "woocommerce_default_country": defaultCountry = value
        case "woocommerce_store_postcode": storePostcode = value
        case "woocommerce_calc_taxes": calcTaxes = flag
        case "woocommerce_enable_coupons": enableCoupons = flag
        case "woocommerce_currency": currency = value
        case "woocommerce_currency_pos": currencyPosition = value
        case "woocommerce_price_thousand_sep": thousandSeparator = value
        case "woocommerce_price_decimal_sep": decimalSeparator = value
        case "woocommerce_price_num_decimals":
            guard let decimals = Int(value), (0...4).contains(decimals) else { return false }
            numberOfDecimals = decimals
        case "woocommerce_weight_unit": weightUnit = value
        case "woocommerce_dimension_unit": dimensionUnit = value
        case "woocommerce_prices_include_tax": pricesIncludeTax = flag
        case "woocommerce_tax_based_on": taxBasedOn = value
        case "woocommerce_tax_round_at_subtotal": taxRoundAtSubtotal = flag
        default: return false
        }
        return true
    }
}
