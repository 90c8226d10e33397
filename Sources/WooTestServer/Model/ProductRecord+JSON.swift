import Foundation

extension ProductRecord {
    /// The product in the `wc/v3/products` shape.
    func productJSON(categories: [CategoryRecord], baseURL: String) -> JSON {
        var pairs: [(String, JSON)] = [
            ("id", .int(id)), ("name", .string(name)), ("slug", .string(slug)),
            ("permalink", .string("\(baseURL)/product/\(slug)/")),
            ("date_created", WooDate.json(dateCreated)), ("date_created_gmt", WooDate.json(dateCreated)),
            ("date_modified", WooDate.json(dateModified)), ("date_modified_gmt", WooDate.json(dateModified)),
            ("type", .string(type)), ("status", .string(status)), ("featured", .bool(false)),
            ("catalog_visibility", .string("visible")), ("description", .string(description)),
            ("short_description", .string("")), ("sku", .string(sku)),
            ("global_unique_id", .string(globalUniqueID)),
        ]
        pairs += pricingPairs
        pairs += [
            ("price_html", .string("")), ("purchasable", .bool(!price.isEmpty)),
            ("total_sales", .int(totalSales)), ("virtual", .bool(virtual)), ("downloadable", .bool(downloadable)),
            ("downloads", .array([])), ("tax_status", .string(taxStatus)), ("tax_class", .string(taxClass)),
        ]
        pairs += stockPairs
        pairs += [
            ("sold_individually", .bool(false)), ("weight", .string("")),
            ("dimensions", .object([("length", .string("")), ("width", .string("")), ("height", .string(""))])),
            ("shipping_required", .bool(!virtual)), ("parent_id", .int(0)),
            ("categories", .array(categoryIDs.map { id in
                let category = categories.first { $0.id == id }
                return .object([("id", .int(id)), ("name", .string(category?.name ?? "")),
                                ("slug", .string(category?.slug ?? ""))])
            })),
            ("tags", .array([])), ("images", .array([])),
            ("attributes", .array(attributes.enumerated().map { index, attribute in
                .object([("id", .int(0)), ("name", .string(attribute.name)), ("position", .int(Int64(index))),
                         ("visible", .bool(true)), ("variation", .bool(type == "variable")),
                         ("options", .array(attribute.options.map(JSON.string)))])
            })),
            ("default_attributes", .array([])), ("variations", .array(variationIDs.map(JSON.int))),
            ("grouped_products", .array([])), ("menu_order", .int(0)),
            ("meta_data", .array(metaData.map(\.json))),
        ]
        return .object(pairs)
    }

    /// The variation in the `wc/v3/products/{id}/variations` shape.
    func variationJSON(baseURL: String) -> JSON {
        var pairs: [(String, JSON)] = [
            ("id", .int(id)), ("parent_id", .int(parentID)), ("type", .string("variation")),
            ("date_created", WooDate.json(dateCreated)), ("date_created_gmt", WooDate.json(dateCreated)),
            ("date_modified", WooDate.json(dateModified)), ("date_modified_gmt", WooDate.json(dateModified)),
            ("description", .string(description)), ("permalink", .string("\(baseURL)/?p=\(id)")),
            ("sku", .string(sku)), ("global_unique_id", .string(globalUniqueID)),
        ]
        pairs += pricingPairs
        pairs += [
            ("status", .string(status)), ("purchasable", .bool(!price.isEmpty)), ("virtual", .bool(virtual)),
            ("downloadable", .bool(downloadable)), ("tax_status", .string(taxStatus)),
            ("tax_class", .string(taxClass)),
        ]
        pairs += stockPairs
        pairs += [
            ("weight", .string("")), ("image", .null),
            ("attributes", .array(attributes.map { attribute in
                .object([("id", .int(0)), ("name", .string(attribute.name)),
                         ("option", .string(attribute.options.first ?? ""))])
            })),
            ("menu_order", .int(0)), ("meta_data", .array(metaData.map(\.json))),
        ]
        return .object(pairs)
    }

    private var pricingPairs: [(String, JSON)] {
        [("price", .string(price)), ("regular_price", .string(regularPrice)), ("sale_price", .string(salePrice)),
         ("date_on_sale_from", .null), ("date_on_sale_from_gmt", .null), ("date_on_sale_to", .null),
         ("date_on_sale_to_gmt", .null), ("on_sale", .bool(!salePrice.isEmpty))]
    }

    private var stockPairs: [(String, JSON)] {
        [("manage_stock", .bool(manageStock)), ("stock_quantity", stockQuantity.map(JSON.int) ?? .null),
         ("stock_status", .string(stockStatus)), ("backorders", .string("no")),
         ("backorders_allowed", .bool(false)), ("backordered", .bool(false))]
    }

    /// Applies the writable fields of a posted product or variation body.
    mutating func apply(_ body: JSON, nextMetaID: () -> Int64) throws(RESTError) {
        if let value = body["name"]?.stringValue { name = value }
        if let value = body["type"]?.stringValue, parentID == 0 {
            guard ["simple", "variable", "grouped", "external"].contains(value) else {
                throw RESTError.invalidParam("type", "type is not one of simple, grouped, external, variable")
            }
            type = value
        }
        if let value = body["status"]?.stringValue { status = value }
        if let value = body["sku"]?.stringValue { sku = value }
        if let value = body["global_unique_id"]?.stringValue { globalUniqueID = value }
        if let value = body["description"]?.stringValue { description = value }
        for (key, path) in [("regular_price", \ProductRecord.regularPrice), ("sale_price", \ProductRecord.salePrice)] {
            guard let value = body[key]?.stringValue else { continue }
            guard value.isEmpty || Fixed(parsing: value) != nil else {
                throw RESTError.invalidParam(key, "\(key) is not of type string")
            }
            self[keyPath: path] = value
        }
        if let value = body["tax_status"]?.stringValue { taxStatus = value }
        if let value = body["tax_class"]?.stringValue { taxClass = value == "standard" ? "" : value }
        if let value = body["manage_stock"]?.boolValue { manageStock = value }
        if let value = body["stock_quantity"] {
            if value == .null {
                stockQuantity = nil
            } else if let quantity = value.intValue, abs(quantity) <= 1_000_000_000_000 {
                stockQuantity = quantity
            } else {
                throw RESTError.invalidParam("stock_quantity", "stock_quantity is not of type integer")
            }
        }
        if let value = body["virtual"]?.boolValue { virtual = value }
        if let value = body["downloadable"]?.boolValue { downloadable = value }
        if let items = body["categories"]?.arrayValue { categoryIDs = items.compactMap { $0["id"]?.intValue } }
        if let items = body["attributes"]?.arrayValue {
            attributes = items.compactMap { item in
                guard let name = item["name"]?.stringValue else { return nil }
                if let option = item["option"]?.stringValue { return (name, [option]) }
                return (name, item["options"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            }
        }
        MetaDatum.merge(body["meta_data"], into: &metaData, nextID: nextMetaID)
    }
}
