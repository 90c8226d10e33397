import Foundation

/// Runs a WooCommerce batch body `{create: [], update: [], delete: []}` with per-item results or errors.
enum BatchRunner {
    /// The most items one batch may hold (WooCommerce's default `woocommerce_rest_batch_items_limit`).
    static let limit = 100

    typealias Create = (inout StoreState, JSON) throws -> JSON
    typealias Update = (inout StoreState, Int64, JSON) throws -> JSON
    typealias Delete = (inout StoreState, Int64) throws -> JSON

    static func run(_ body: JSON, state: inout StoreState, create: Create, update: Update,
                    delete: Delete) -> Result<JSON, RESTError> {
        let creates = body["create"]?.arrayValue ?? []
        let updates = body["update"]?.arrayValue ?? []
        let deletes = body["delete"]?.arrayValue ?? []
        guard creates.count + updates.count + deletes.count <= limit else {
            return .failure(RESTError(413, "rest_request_entity_too_large",
                                      "Unable to accept more than \(limit) items for this request."))
        }
        var pairs: [(String, JSON)] = []
        if body["create"] != nil {
            pairs.append(("create", .array(creates.map { item in
                outcome(id: 0) { try create(&state, item) }
            })))
        }
        if body["update"] != nil {
            pairs.append(("update", .array(updates.map { item in
                let id = item["id"]?.intValue ?? 0
                return outcome(id: id) { try update(&state, id, item) }
            })))
        }
        if body["delete"] != nil {
            pairs.append(("delete", .array(deletes.map { item in
                let id = item.intValue ?? item["id"]?.intValue ?? 0
                return outcome(id: id) { try delete(&state, id) }
            })))
        }
        return .success(.object(pairs))
    }

    private static func outcome(id: Int64, _ body: () throws -> JSON) -> JSON {
        do {
            return try body()
        } catch {
            let error = error as? RESTError ?? RESTError(500, "internal_error", "\(error)")
            return .object([("id", .int(id)), ("error", error.json.setting("data", .object([("status", .int(Int64(error.status)))])))])
        }
    }
}
