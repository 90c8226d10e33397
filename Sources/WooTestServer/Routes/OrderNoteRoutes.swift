import Foundation

/// `wc/v3/orders/{id}/notes`.
enum OrderNoteRoutes {
    static func register(in router: inout Router) {
        router.add(["GET"], "wc/v3/orders/{id}/notes") { state, context, ids in
            guard state.orders[ids[0]] != nil else { throw RESTError.invalidID("shop_order") }
            var notes = state.notes.filter { $0.orderID == ids[0] }.sorted { $0.id > $1.id }
            switch context.string("type") {
            case "customer": notes = notes.filter(\.customerNote)
            case "internal": notes = notes.filter { !$0.customerNote }
            default: break
            }
            return context.respond(200, .array(notes.map(\.json)))
        }
        router.add(["GET"], "wc/v3/orders/{id}/notes/{id}") { state, context, ids in
            guard state.orders[ids[0]] != nil else { throw RESTError.invalidID("shop_order") }
            guard let note = state.notes.first(where: { $0.orderID == ids[0] && $0.id == ids[1] }) else {
                throw RESTError.invalidID("order_note")
            }
            return context.respond(200, note.json)
        }
        router.add(["POST"], "wc/v3/orders/{id}/notes") { state, context, ids in
            guard state.orders[ids[0]] != nil else { throw RESTError.invalidID("shop_order") }
            guard let text = context.string("note"), !text.isEmpty else {
                throw RESTError(400, "rest_missing_callback_param", "Missing parameter(s): note")
            }
            let byUser = context.bool("added_by_user") ?? false
            let note = NoteRecord(id: state.newCommentID(), orderID: ids[0], note: text,
                                  customerNote: context.bool("customer_note") ?? false,
                                  author: byUser ? (context.user?.username ?? "system") : "system",
                                  dateCreated: context.now)
            state.notes.append(note)
            return context.respond(201, note.json)
        }
    }
}
