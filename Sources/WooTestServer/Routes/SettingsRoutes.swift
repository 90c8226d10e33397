import Foundation

/// Settings groups, payment gateways, system status and reports.
enum SettingsRoutes {
    static func register(in router: inout Router) {
        router.add(["GET"], "wc/v3/settings") { _, context, _ in
            context.respond(200, .array(["general", "products", "tax"].map { group in
                .object([("id", .string(group)), ("label", .string(group.capitalized)), ("description", .string("")),
                         ("parent_id", .string("")), ("sub_groups", .array([]))])
            }))
        }
        router.add(["GET"], "wc/v3/settings/{group}") { state, context, _ in
            let group = String(context.route.split(separator: "/").last ?? "")
            guard let entries = state.settings.entries(of: group) else {
                throw RESTError(404, "rest_setting_setting_group_invalid", "Invalid setting group.")
            }
            return context.respond(200, .array(entries.map { render($0, group: group, context: context) }))
        }
        router.add(["GET"], "wc/v3/settings/{group}/{setting}") { state, context, _ in
            let parts = context.route.split(separator: "/")
            let group = String(parts[parts.count - 2]), id = String(parts[parts.count - 1])
            guard let entry = state.settings.entries(of: group)?.first(where: { $0.id == id }) else {
                throw RESTError(404, "rest_setting_setting_invalid", "Invalid setting.")
            }
            return context.respond(200, render(entry, group: group, context: context))
        }
        router.add(["POST", "PUT"], "wc/v3/settings/{group}/{setting}") { state, context, _ in
            let parts = context.route.split(separator: "/")
            let group = String(parts[parts.count - 2]), id = String(parts[parts.count - 1])
            guard state.settings.entries(of: group)?.contains(where: { $0.id == id }) == true else {
                throw RESTError(404, "rest_setting_setting_invalid", "Invalid setting.")
            }
            guard let value = context.string("value"), state.settings.set(id, to: value),
                  let entry = state.settings.entries(of: group)?.first(where: { $0.id == id }) else {
                throw RESTError.invalidParam("value", "Invalid value.")
            }
            return context.respond(200, render(entry, group: group, context: context))
        }

        router.add(["GET"], "wc/v3/payment_gateways") { state, context, _ in
            context.respond(200, .array(state.gateways.enumerated().map { render($1, order: $0) }))
        }
        router.add(["GET"], "wc/v3/payment_gateways/{gateway}") { state, context, _ in
            let id = String(context.route.split(separator: "/").last ?? "")
            guard let index = state.gateways.firstIndex(where: { $0.id == id }) else {
                throw RESTError(404, "woocommerce_rest_payment_gateway_invalid", "Resource does not exist.")
            }
            return context.respond(200, render(state.gateways[index], order: index))
        }
        router.add(["POST", "PUT"], "wc/v3/payment_gateways/{gateway}") { state, context, _ in
            let id = String(context.route.split(separator: "/").last ?? "")
            guard let index = state.gateways.firstIndex(where: { $0.id == id }) else {
                throw RESTError(404, "woocommerce_rest_payment_gateway_invalid", "Resource does not exist.")
            }
            if let enabled = context.bool("enabled") { state.gateways[index].enabled = enabled }
            if let title = context.string("title") { state.gateways[index].title = title }
            return context.respond(200, render(state.gateways[index], order: index))
        }

        router.add(["GET"], "wc/v3/system_status") { state, context, _ in
            context.respond(200, systemStatus(state, context))
        }
        router.add(["GET"], "wc/v3/reports/orders/totals") { state, context, _ in
            let labels: [(String, String)] = [
                ("pending", "Pending payment"), ("processing", "Processing"), ("on-hold", "On hold"),
                ("completed", "Completed"), ("cancelled", "Cancelled"), ("refunded", "Refunded"),
                ("failed", "Failed"), ("checkout-draft", "Draft"),
            ]
            return context.respond(200, .array(labels.map { slug, name in
                .object([("slug", .string(slug)), ("name", .string(name)),
                         ("total", .int(Int64(state.orders.values.filter { $0.status == slug }.count)))])
            }))
        }
        router.add(["GET"], "wc/v3/reports/products/totals") { state, context, _ in
            let types = ["external", "grouped", "simple", "variable"]
            return context.respond(200, .array(types.map { type in
                .object([("slug", .string(type)), ("name", .string(type.capitalized)),
                         ("total", .int(Int64(state.products.values.filter { $0.type == type }.count)))])
            }))
        }
    }

    private static func render(_ entry: StoreSettings.Entry, group: String, context: RouteContext) -> JSON {
        .object([
            ("id", .string(entry.id)), ("label", .string(entry.label)), ("description", .string("")),
            ("type", .string(entry.type)), ("default", .string("")), ("tip", .string("")),
            ("value", .string(entry.value)),
            ("_links", .object([("self", .array([.object([("href", .string(
                "\(context.baseURL)/wp-json/wc/v3/settings/\(group)/\(entry.id)"))])]))])),
        ])
    }

    private static func render(_ gateway: StoreState.Gateway, order: Int) -> JSON {
        .object([
            ("id", .string(gateway.id)), ("title", .string(gateway.title)),
            ("description", .string(gateway.description)), ("order", .int(Int64(order))),
            ("enabled", .bool(gateway.enabled)), ("method_title", .string(gateway.title)),
            ("method_description", .string(gateway.description)), ("method_supports", .array([.string("products"),
                                                                                               .string("refunds")])),
            ("settings", .object([])),
        ])
    }

    private static func systemStatus(_ state: StoreState, _ context: RouteContext) -> JSON {
        .object([
            ("environment", .object([
                ("home_url", .string(context.baseURL)), ("site_url", .string(context.baseURL)),
                ("version", .string(WooTestServer.wooCommerceVersion)), ("wp_version", .string("6.8")),
                ("wp_multisite", .bool(false)), ("language", .string(state.settings.siteLanguage)),
                ("server_info", .string("WooTestServer")), ("php_version", .string("8.3.0")),
                ("default_timezone", .string("UTC")),
            ])),
            ("database", .object([("wc_database_version", .string(WooTestServer.wooCommerceVersion))])),
            ("active_plugins", .array([.object([
                ("plugin", .string("woocommerce/woocommerce.php")), ("name", .string("WooCommerce")),
                ("version", .string(WooTestServer.wooCommerceVersion)),
                ("version_latest", .string(WooTestServer.wooCommerceVersion)), ("url", .string("https://woocommerce.com/")),
                ("author_name", .string("Automattic")), ("network_activated", .bool(false)),
            ])])),
            ("inactive_plugins", .array([])), ("dropins_mu_plugins", .object([("dropins", .array([])),
                                                                              ("mu_plugins", .array([]))])),
            ("theme", .object([("name", .string("Storefront")), ("version", .string("4.6.0"))])),
            ("settings", .object([
                ("api_enabled", .bool(true)), ("force_ssl", .bool(false)),
                ("currency", .string(state.settings.currency)), ("currency_symbol", .string(state.settings.currencySymbol)),
                ("currency_position", .string(state.settings.currencyPosition)),
                ("thousand_separator", .string(state.settings.thousandSeparator)),
                ("decimal_separator", .string(state.settings.decimalSeparator)),
                ("number_of_decimals", .int(Int64(state.settings.numberOfDecimals))),
            ])),
            ("security", .object([("secure_connection", .bool(false)), ("hide_errors", .bool(true))])),
            ("pages", .array([])),
        ])
    }
}
