import Foundation

/// Categories, tax rates, tax classes, coupons and customers.
enum CatalogRoutes {
    static func register(in router: inout Router) {
        // MARK: Categories
        router.add(["GET"], "wc/v3/products/categories") { state, context, _ in
            var categories = state.categories
            if let search = context.string("search"), !search.isEmpty {
                categories = categories.filter { $0.name.localizedCaseInsensitiveContains(search) }
            }
            return try context.page(categories) { category in
                category.json(count: state.products.values.filter { $0.categoryIDs.contains(category.id) }.count)
            }
        }
        router.add(["GET"], "wc/v3/products/categories/{id}") { state, context, ids in
            guard let category = state.categories.first(where: { $0.id == ids[0] }) else {
                throw RESTError(404, "woocommerce_rest_term_invalid", "Resource does not exist.")
            }
            return context.respond(200, category.json(count: 0))
        }
        router.add(["POST"], "wc/v3/products/categories") { state, context, _ in
            guard let name = context.string("name"), !name.isEmpty else {
                throw RESTError(400, "rest_missing_callback_param", "Missing parameter(s): name")
            }
            let category = CategoryRecord(id: state.newTermID(), name: name,
                                          slug: context.string("slug") ?? name.lowercased(),
                                          parent: try context.int("parent") ?? 0)
            state.categories.append(category)
            return context.respond(201, category.json(count: 0))
        }

        // MARK: Taxes
        router.add(["GET"], "wc/v3/taxes") { state, context, _ in
            var rates = state.taxRates.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
            if let taxClass = context.string("class"), !taxClass.isEmpty {
                rates = rates.filter { $0.taxClass == taxClass }
            }
            return try context.page(rates) { $0.json }
        }
        router.add(["GET"], "wc/v3/taxes/{id}") { state, context, ids in
            guard let rate = state.taxRates.first(where: { $0.id == ids[0] }) else { throw RESTError.invalidID("tax") }
            return context.respond(200, rate.json)
        }
        router.add(["POST"], "wc/v3/taxes") { state, context, _ in
            var rate = TaxRateRecord(id: Int64(state.taxRates.count + 1) + (state.taxRates.map(\.id).max() ?? 0),
                                     rate: context.string("rate") ?? "0", name: context.string("name") ?? "Tax")
            guard let parsed = Fixed(parsing: rate.rate), parsed >= .zero, parsed <= Fixed(integer: 1000) else {
                throw RESTError.invalidParam("rate", "rate must be a number from 0 to 1000")
            }
            rate.country = context.string("country") ?? ""
            rate.priority = try context.int("priority") ?? 1
            rate.compound = context.bool("compound") ?? false
            rate.shipping = context.bool("shipping") ?? true
            rate.order = try context.int("order") ?? 0
            rate.taxClass = context.string("class") ?? "standard"
            state.taxRates.append(rate)
            return context.respond(201, rate.json)
        }
        router.add(["GET"], "wc/v3/taxes/classes") { state, context, _ in
            context.respond(200, .array(state.taxClasses.map { taxClass in
                .object([("slug", .string(taxClass.slug)), ("name", .string(taxClass.name))])
            }))
        }

        // MARK: Coupons
        router.add(["GET"], "wc/v3/coupons") { state, context, _ in
            var coupons = state.coupons.values.sorted { $0.id > $1.id }
            if let search = context.string("search"), !search.isEmpty {
                coupons = coupons.filter { $0.code.localizedCaseInsensitiveContains(search) }
            }
            if let code = context.string("code"), !code.isEmpty {
                coupons = coupons.filter { $0.code == code.lowercased() }
            }
            if let include = context.idList("include") { coupons = coupons.filter { include.contains($0.id) } }
            let decimals = state.settings.numberOfDecimals
            return try context.page(coupons) { $0.json(decimals: decimals) }
        }
        router.add(["GET"], "wc/v3/coupons/{id}") { state, context, ids in
            guard let coupon = state.coupons[ids[0]] else { throw RESTError.invalidID("shop_coupon") }
            return context.respond(200, coupon.json(decimals: state.settings.numberOfDecimals))
        }
        router.add(["POST"], "wc/v3/coupons") { state, context, _ in
            guard let code = context.string("code")?.lowercased(), !code.isEmpty else {
                throw RESTError(400, "rest_missing_callback_param", "Missing parameter(s): code")
            }
            guard !state.coupons.values.contains(where: { $0.code == code }) else {
                throw RESTError(400, "woocommerce_rest_coupon_code_already_exists", "The coupon code already exists")
            }
            let type = context.string("discount_type") ?? "fixed_cart"
            guard ["percent", "fixed_cart", "fixed_product"].contains(type) else {
                throw RESTError.invalidParam("discount_type", "discount_type is not one of percent, fixed_cart, fixed_product")
            }
            let amount = context.string("amount") ?? "0"
            guard Fixed(parsing: amount) != nil else { throw RESTError.invalidParam("amount", "amount is not of type string") }
            var coupon = CouponRecord(id: state.newPostID(), code: code, amount: amount, discountType: type,
                                      dateCreated: context.now, dateModified: context.now)
            coupon.description = context.string("description") ?? ""
            coupon.productIDs = context.idList("product_ids") ?? []
            coupon.excludedProductIDs = context.idList("excluded_product_ids") ?? []
            state.mergeMeta(context.body["meta_data"], into: &coupon.metaData)
            state.coupons[coupon.id] = coupon
            return context.respond(201, coupon.json(decimals: state.settings.numberOfDecimals))
        }

        // MARK: Customers
        router.add(["GET"], "wc/v3/customers") { state, context, _ in
            var customers = state.customers.values.sorted { $0.id < $1.id }
            if let search = context.string("search"), !search.isEmpty {
                customers = customers.filter {
                    [$0.email, $0.firstName, $0.lastName, $0.username].contains { $0.localizedCaseInsensitiveContains(search) }
                }
            }
            if let email = context.string("email"), !email.isEmpty {
                customers = customers.filter { $0.email.lowercased() == email.lowercased() }
            }
            if let include = context.idList("include") { customers = customers.filter { include.contains($0.id) } }
            return try context.page(customers) { $0.json }
        }
        router.add(["GET"], "wc/v3/customers/{id}") { state, context, ids in
            guard let customer = state.customers[ids[0]] else { throw RESTError.invalidID("customer") }
            return context.respond(200, customer.json)
        }
        router.add(["POST"], "wc/v3/customers") { state, context, _ in
            guard let email = context.string("email"), email.contains("@") else {
                throw RESTError(400, "rest_missing_callback_param", "Missing parameter(s): email")
            }
            guard !state.customers.values.contains(where: { $0.email.lowercased() == email.lowercased() }) else {
                throw RESTError(400, "registration-error-email-exists",
                                "An account is already registered with your email address.")
            }
            var customer = CustomerRecord(id: state.newUserID(), email: email, dateCreated: context.now,
                                          dateModified: context.now)
            customer.firstName = context.string("first_name") ?? ""
            customer.lastName = context.string("last_name") ?? ""
            customer.username = context.string("username") ?? String(email.split(separator: "@")[0])
            customer.billing = Address.merge(context.body["billing"], into: customer.billing)
            customer.shipping = Address.merge(context.body["shipping"], into: customer.shipping)
            state.mergeMeta(context.body["meta_data"], into: &customer.metaData)
            state.customers[customer.id] = customer
            return context.respond(201, customer.json)
        }
    }
}
