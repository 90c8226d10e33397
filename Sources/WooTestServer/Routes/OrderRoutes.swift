import Foundation

/// `wc/v3/orders`: list, get, create, update, delete and batch.
enum OrderRoutes {
    static func register(in router: inout Router) {
        router.add(["GET"], "wc/v3/orders") { state, context, _ in try list(state, context) }
        router.add(["POST"], "wc/v3/orders") { state, context, _ in
            let order = try OrderWriter(context: context).create(context.body, into: &state)
            return context.respond(201, render(order, state, context))
        }
        router.add(["POST"], "wc/v3/orders/batch") { state, context, _ in
            let result = BatchRunner.run(context.body, state: &state, create: { state, body in
                render(try OrderWriter(context: context).create(body, into: &state), state, context)
            }, update: { state, id, body in
                render(try OrderWriter(context: context).update(id, body, in: &state), state, context)
            }, delete: { state, id in
                try delete(&state, context, id: id, force: true)
            })
            return try context.respond(200, result.get())
        }
        router.add(["GET"], "wc/v3/orders/{id}") { state, context, ids in
            guard let order = state.orders[ids[0]] else { throw RESTError.invalidID("shop_order") }
            return context.respond(200, render(order, state, context))
        }
        router.add(["POST", "PUT"], "wc/v3/orders/{id}") { state, context, ids in
            let order = try OrderWriter(context: context).update(ids[0], context.body, in: &state)
            return context.respond(200, render(order, state, context))
        }
        router.add(["DELETE"], "wc/v3/orders/{id}") { state, context, ids in
            context.respond(200, try delete(&state, context, id: ids[0], force: context.bool("force") ?? false))
        }
        OrderNoteRoutes.register(in: &router)
        OrderActionRoutes.register(in: &router)
        RefundRoutes.register(in: &router)
    }

    /// The order JSON, honouring `include_meta` / `exclude_meta`.
    static func render(_ order: OrderRecord, _ state: StoreState, _ context: RouteContext) -> JSON {
        var order = order
        if let keys = context.stringList("include_meta") {
            order.metaData = order.metaData.filter { keys.contains($0.key) }
        }
        if let keys = context.stringList("exclude_meta") {
            order.metaData = order.metaData.filter { !keys.contains($0.key) }
        }
        let settings = state.settings
        return order.json(
            decimals: settings.numberOfDecimals,
            currencySymbol: order.currency == settings.currency ? settings.currencySymbol : order.currency,
            baseURL: context.baseURL,
            refunds: state.refunds.filter { $0.orderID == order.id }
        )
    }

    private static func delete(_ state: inout StoreState, _ context: RouteContext, id: Int64,
                               force: Bool) throws(RESTError) -> JSON {
        guard var order = state.orders[id] else { throw RESTError.invalidID("shop_order") }
        if force {
            state.orders[id] = nil
            state.notes.removeAll { $0.orderID == id }
            return render(order, state, context)
        }
        guard order.status != "trash" else {
            throw RESTError(410, "woocommerce_rest_already_trashed", "The order has already been deleted.")
        }
        order.status = "trash"
        order.dateModified = context.now
        state.orders[id] = order
        return render(order, state, context)
    }

    private static func list(_ state: StoreState, _ context: RouteContext) throws(RESTError) -> HTTPResponse {
        var orders = Array(state.orders.values)
        let statuses = context.stringList("status") ?? ["any"]
        if statuses.contains("any") {
            orders = orders.filter { !["trash", "auto-draft", "checkout-draft"].contains($0.status) }
        } else {
            let wanted = Set(statuses.map { $0.hasPrefix("wc-") ? String($0.dropFirst(3)) : $0 })
            orders = orders.filter { wanted.contains($0.status) }
        }
        if let after = try context.date("after") { orders = orders.filter { $0.dateCreated > after } }
        if let before = try context.date("before") { orders = orders.filter { $0.dateCreated < before } }
        if let after = try context.date("modified_after") { orders = orders.filter { $0.dateModified > after } }
        if let before = try context.date("modified_before") { orders = orders.filter { $0.dateModified < before } }
        if let customer = try context.int("customer") { orders = orders.filter { $0.customerID == customer } }
        if let product = try context.int("product") {
            orders = orders.filter { $0.lineItems.contains { $0.productID == product || $0.variationID == product } }
        }
        if let include = context.idList("include") { orders = orders.filter { include.contains($0.id) } }
        if let exclude = context.idList("exclude") { orders = orders.filter { !exclude.contains($0.id) } }
        if let search = context.string("search"), !search.isEmpty {
            orders = orders.filter { order in
                String(order.id) == search || order.customerNote.localizedCaseInsensitiveContains(search)
                    || ["first_name", "last_name", "email", "phone"].contains {
                        order.billing[$0]?.stringValue?.localizedCaseInsensitiveContains(search) == true
                    }
                    || order.lineItems.contains { $0.name.localizedCaseInsensitiveContains(search) }
            }
        }
        let orderBy = context.string("orderby") ?? "date"
        let ascending = (context.string("order") ?? "desc").lowercased() == "asc"
        orders.sort { a, b in
            let before: Bool = switch orderBy {
            case "id", "include": a.id < b.id
            case "modified": a.dateModified == b.dateModified ? a.id < b.id : a.dateModified < b.dateModified
            default: a.dateCreated == b.dateCreated ? a.id < b.id : a.dateCreated < b.dateCreated
            }
            return ascending ? before : !before
        }
        return try context.page(orders) { render($0, state, context) }
    }
}
