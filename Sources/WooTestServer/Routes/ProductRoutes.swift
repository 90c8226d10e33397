import Foundation

/// `wc/v3/products`, its variations and batch.
enum ProductRoutes {
    static func register(in router: inout Router) {
        router.add(["GET"], "wc/v3/products") { state, context, _ in try list(state, context) }
        router.add(["POST"], "wc/v3/products") { state, context, _ in
            let product = try create(&state, context.body, parentID: 0, now: context.now)
            return context.respond(201, render(product, state, context))
        }
        router.add(["POST"], "wc/v3/products/batch") { state, context, _ in try batch(&state, context, parentID: 0) }
        router.add(["GET"], "wc/v3/products/{id}") { state, context, ids in
            context.respond(200, render(try find(state, ids[0], parentID: nil), state, context))
        }
        router.add(["POST", "PUT"], "wc/v3/products/{id}") { state, context, ids in
            let product = try update(&state, ids[0], parentID: nil, body: context.body, now: context.now)
            return context.respond(200, render(product, state, context))
        }
        router.add(["DELETE"], "wc/v3/products/{id}") { state, context, ids in
            let product = try find(state, ids[0], parentID: nil)
            state.products[product.id] = nil
            for id in product.variationIDs { state.products[id] = nil }
            return context.respond(200, render(product, state, context))
        }
        router.add(["GET"], "wc/v3/products/{id}/variations") { state, context, ids in
            let parent = try find(state, ids[0], parentID: 0)
            let variations = parent.variationIDs.compactMap { state.products[$0] }
            return try context.page(filter(variations, context), render: { render($0, state, context) })
        }
        router.add(["POST"], "wc/v3/products/{id}/variations") { state, context, ids in
            _ = try find(state, ids[0], parentID: 0)
            let variation = try create(&state, context.body, parentID: ids[0], now: context.now)
            return context.respond(201, render(variation, state, context))
        }
        router.add(["POST"], "wc/v3/products/{id}/variations/batch") { state, context, ids in
            _ = try find(state, ids[0], parentID: 0)
            return try batch(&state, context, parentID: ids[0])
        }
        router.add(["GET"], "wc/v3/products/{id}/variations/{id}") { state, context, ids in
            context.respond(200, render(try find(state, ids[1], parentID: ids[0]), state, context))
        }
        router.add(["POST", "PUT"], "wc/v3/products/{id}/variations/{id}") { state, context, ids in
            let variation = try update(&state, ids[1], parentID: ids[0], body: context.body, now: context.now)
            return context.respond(200, render(variation, state, context))
        }
    }

    // MARK: - Handlers

    static func render(_ product: ProductRecord, _ state: StoreState, _ context: RouteContext) -> JSON {
        product.parentID == 0
            ? product.productJSON(categories: state.categories, baseURL: context.baseURL)
            : product.variationJSON(baseURL: context.baseURL)
    }

    private static func find(_ state: StoreState, _ id: Int64, parentID: Int64?) throws(RESTError) -> ProductRecord {
        guard let product = state.products[id], parentID == nil || product.parentID == parentID else {
            throw RESTError.invalidID(parentID.map { $0 == 0 ? "product" : "product_variation" } ?? "product")
        }
        return product
    }

    private static func list(_ state: StoreState, _ context: RouteContext) throws(RESTError) -> HTTPResponse {
        // Like WooCommerce's products controller: a `sku` or `global_unique_id` query also reaches variations
        // (post types product and product_variation), which answer in their own shape with `parent_id`.
        let byCode = !(context.string("sku") ?? "").isEmpty || !(context.string("global_unique_id") ?? "").isEmpty
        var products = state.products.values.filter { byCode || $0.parentID == 0 }
        if let type = context.string("type"), !type.isEmpty { products = products.filter { $0.type == type } }
        if let category = try context.int("category") { products = products.filter { $0.categoryIDs.contains(category) } }
        products = try filter(products, context)
        let orderBy = context.string("orderby") ?? "date"
        let ascending = (context.string("order") ?? "desc").lowercased() == "asc"
        products.sort { a, b in
            let before: Bool = switch orderBy {
            case "title": a.name == b.name ? a.id < b.id : a.name.localizedStandardCompare(b.name) == .orderedAscending
            case "id", "include": a.id < b.id
            case "modified": a.dateModified == b.dateModified ? a.id < b.id : a.dateModified < b.dateModified
            default: a.dateCreated == b.dateCreated ? a.id < b.id : a.dateCreated < b.dateCreated
            }
            return ascending ? before : !before
        }
        return try context.page(products, render: { render($0, state, context) })
    }

    /// Filters shared by products and variations.
    private static func filter(_ items: [ProductRecord], _ context: RouteContext) throws(RESTError) -> [ProductRecord] {
        var items = items
        if let status = context.string("status"), status != "any", !status.isEmpty {
            items = items.filter { $0.status == status }
        }
        if let sku = context.string("sku"), !sku.isEmpty {
            let skus = Set(sku.split(separator: ",").map(String.init))
            items = items.filter { skus.contains($0.sku) }
        }
        if let code = context.string("global_unique_id"), !code.isEmpty {
            items = items.filter { $0.globalUniqueID == code }
        }
        if let search = context.string("search"), !search.isEmpty {
            items = items.filter {
                $0.name.localizedCaseInsensitiveContains(search) || $0.sku.localizedCaseInsensitiveContains(search)
                    || $0.globalUniqueID == search
            }
        }
        if let include = context.idList("include") { items = items.filter { include.contains($0.id) } }
        if let exclude = context.idList("exclude") { items = items.filter { !exclude.contains($0.id) } }
        if let after = try context.date("modified_after") { items = items.filter { $0.dateModified > after } }
        if let before = try context.date("modified_before") { items = items.filter { $0.dateModified < before } }
        if let stockStatus = context.string("stock_status"), !stockStatus.isEmpty {
            items = items.filter { $0.stockStatus == stockStatus }
        }
        return items.sorted { $0.id < $1.id }
    }

    static func create(_ state: inout StoreState, _ body: JSON, parentID: Int64, now: Date) throws(RESTError) -> ProductRecord {
        if parentID == 0 {
            guard let name = body["name"]?.stringValue, !name.isEmpty else {
                throw RESTError(400, "rest_missing_callback_param", "Missing parameter(s): name")
            }
        }
        try checkUniqueSKU(state, body["sku"]?.stringValue, excluding: nil)
        var product = ProductRecord(id: state.newPostID(), parentID: parentID, name: "",
                                    type: parentID == 0 ? "simple" : "variation", dateCreated: now, dateModified: now)
        if parentID != 0 { product.taxClass = "parent" }
        try product.apply(body) { state.newMetaID() }
        if parentID != 0, let parent = state.products[parentID] {
            product.name = parent.name + " - " + product.attributes.compactMap(\.options.first).joined(separator: ", ")
            state.products[parentID]?.variationIDs.append(product.id)
            state.products[parentID]?.dateModified = now
        }
        state.products[product.id] = product
        return product
    }

    static func update(_ state: inout StoreState, _ id: Int64, parentID: Int64?, body: JSON,
                       now: Date) throws(RESTError) -> ProductRecord {
        var product = try find(state, id, parentID: parentID)
        try checkUniqueSKU(state, body["sku"]?.stringValue, excluding: id)
        try product.apply(body) { state.newMetaID() }
        product.dateModified = now
        state.products[id] = product
        return product
    }

    private static func checkUniqueSKU(_ state: StoreState, _ sku: String?, excluding id: Int64?) throws(RESTError) {
        guard let sku, !sku.isEmpty else { return }
        if state.products.values.contains(where: { $0.sku == sku && $0.id != id }) {
            throw RESTError(400, "product_invalid_sku", "Invalid or duplicated SKU.")
        }
    }

    private static func batch(_ state: inout StoreState, _ context: RouteContext, parentID: Int64) throws(RESTError) -> HTTPResponse {
        let parent: Int64? = parentID == 0 ? nil : parentID
        let result = BatchRunner.run(context.body, state: &state, create: { state, body in
            render(try create(&state, body, parentID: parentID, now: context.now), state, context)
        }, update: { state, id, body in
            render(try update(&state, id, parentID: parent, body: body, now: context.now), state, context)
        }, delete: { state, id in
            let product = try find(state, id, parentID: parent)
            state.products[id] = nil
            if let parent { state.products[parent]?.variationIDs.removeAll { $0 == id } }
            return render(product, state, context)
        })
        return try context.respond(200, result.get())
    }
}
