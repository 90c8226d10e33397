import Foundation
import POSFoundation

/// Maps order notes (`GET wc/v3/orders/{id}/notes`) into `[OrderNote]`.
public struct OrderNoteListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [OrderNote] {
        try WooJSON.decode([OrderNote].self, from: response)
    }
}
