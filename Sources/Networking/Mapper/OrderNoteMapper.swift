import Foundation
import POSFoundation

/// Maps an order note (`POST wc/v3/orders/{id}/notes`) into `OrderNote`.
public struct OrderNoteMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> OrderNote {
        try WooJSON.decode(OrderNote.self, from: response)
    }
}
