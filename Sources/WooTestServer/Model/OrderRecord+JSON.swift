import Foundation

extension OrderRecord {
    /// The order in the `wc/v3/orders` shape, amounts with `decimals` places.
    func json(decimals d: Int, currencySymbol: String, baseURL: String, refunds: [RefundRecord]) -> JSON {
        func money(_ value: Fixed) -> JSON { .string(value.formatted(d)) }
        func taxes(_ total: [(rateID: Int64, amount: Fixed)], _ subtotal: [(rateID: Int64, amount: Fixed)]?) -> JSON {
            .array(total.map { entry in
                var pairs: [(String, JSON)] = [("id", .int(entry.rateID)), ("total", .string(entry.amount.trimmed))]
                if let subtotal {
                    let value = subtotal.first { $0.rateID == entry.rateID }?.amount ?? .zero
                    pairs.append(("subtotal", .string(value.trimmed)))
                }
                return .object(pairs)
            })
        }
        let items: [JSON] = lineItems.map { item in
            let unit = item.quantity == 0 ? Fixed.zero : Fixed(micros: item.total.micros / item.quantity)
            return .object([
                ("id", .int(item.id)), ("name", .string(item.name)), ("product_id", .int(item.productID)),
                ("variation_id", .int(item.variationID)), ("quantity", .int(item.quantity)),
                ("tax_class", .string(item.taxClass)), ("subtotal", money(item.subtotal)),
                ("subtotal_tax", money(item.subtotalTax)), ("total", money(item.total)),
                ("total_tax", money(item.totalTax)), ("taxes", taxes(item.totalTaxes, item.subtotalTaxes)),
                ("meta_data", .array(item.metaData.map(\.json))), ("sku", .string(item.sku)),
                ("price", .number(unit.trimmed)), ("image", .object([("id", .string("")), ("src", .string(""))])),
                ("parent_name", .null),
            ])
        }
        let fees: [JSON] = feeLines.map { fee in
            .object([
                ("id", .int(fee.id)), ("name", .string(fee.name)), ("tax_class", .string(fee.taxClass)),
                ("tax_status", .string(fee.taxStatus)), ("amount", money(fee.total)), ("total", money(fee.total)),
                ("total_tax", money(fee.totalTax)), ("taxes", taxes(fee.taxes, nil)), ("meta_data", .array([])),
            ])
        }
        let shippings: [JSON] = shippingLines.map { line in
            .object([
                ("id", .int(line.id)), ("method_title", .string(line.methodTitle)),
                ("method_id", .string(line.methodID)), ("instance_id", .string("")), ("total", money(line.total)),
                ("total_tax", money(.zero)), ("taxes", .array([])), ("meta_data", .array([])),
            ])
        }
        let coupons: [JSON] = couponLines.map { line in
            .object([
                ("id", .int(line.id)), ("code", .string(line.code)), ("discount", money(line.discount)),
                ("discount_tax", money(line.discountTax)), ("meta_data", .array([])),
            ])
        }
        let taxSummary: [JSON] = taxLines.map { line in
            .object([
                ("id", .int(line.id)), ("rate_code", .string(line.rateCode)), ("rate_id", .int(line.rateID)),
                ("label", .string(line.label)), ("compound", .bool(line.compound)),
                ("tax_total", money(line.taxTotal)), ("shipping_tax_total", money(.zero)),
                ("rate_percent", .number(line.ratePercent)), ("meta_data", .array([])),
            ])
        }
        let refundSummary: [JSON] = refunds.map { refund in
            .object([("id", .int(refund.id)), ("reason", .string(refund.reason)),
                     ("total", .string("-" + refund.amount.formatted(d)))])
        }
        return .object([
            ("id", .int(id)), ("parent_id", .int(0)), ("status", .string(status)), ("currency", .string(currency)),
            ("version", .string(WooTestServer.wooCommerceVersion)),
            ("prices_include_tax", .bool(pricesIncludeTax)),
            ("date_created", WooDate.json(dateCreated)), ("date_modified", WooDate.json(dateModified)),
            ("discount_total", money(discountTotal)), ("discount_tax", money(discountTax)),
            ("shipping_total", money(shippingTotal)), ("shipping_tax", money(.zero)),
            ("cart_tax", money(cartTax)), ("total", money(total)), ("total_tax", money(totalTax)),
            ("customer_id", .int(customerID)), ("order_key", .string(orderKey)),
            ("billing", billing), ("shipping", shipping),
            ("payment_method", .string(paymentMethod)), ("payment_method_title", .string(paymentMethodTitle)),
            ("transaction_id", .string(transactionID)), ("customer_ip_address", .string("")),
            ("customer_user_agent", .string("")), ("created_via", .string("rest-api")),
            ("customer_note", .string(customerNote)), ("date_completed", WooDate.json(dateCompleted)),
            ("date_paid", WooDate.json(datePaid)), ("cart_hash", .string("")), ("number", .string(String(id))),
            ("meta_data", .array(metaData.map(\.json))), ("line_items", .array(items)),
            ("tax_lines", .array(taxSummary)), ("shipping_lines", .array(shippings)),
            ("fee_lines", .array(fees)), ("coupon_lines", .array(coupons)), ("refunds", .array(refundSummary)),
            ("payment_url", .string("\(baseURL)/checkout/order-pay/\(id)/?pay_for_order=true&key=\(orderKey)")),
            ("is_editable", .bool(["pending", "on-hold", "auto-draft", "checkout-draft"].contains(status))),
            ("needs_payment", .bool(needsPayment)),
            ("needs_processing", .bool(true)), ("date_created_gmt", WooDate.json(dateCreated)),
            ("date_modified_gmt", WooDate.json(dateModified)), ("date_completed_gmt", WooDate.json(dateCompleted)),
            ("date_paid_gmt", WooDate.json(datePaid)), ("currency_symbol", .string(currencySymbol)),
        ])
    }
}
