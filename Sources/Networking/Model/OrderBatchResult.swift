import Foundation
import POSFoundation

/// The answer to `POST wc/v3/orders/batch`: one entry per create, update and delete, in request order.
///
/// Each entry is either the order or the error WooCommerce gave for that one item; a batch answers 200 even
/// when some items failed.
public struct OrderBatchResult: Hashable, Sendable, Decodable {
    /// One item of a batch answer.
    public enum Item: Hashable, Sendable, Decodable {
        case order(Order)
        /// The item failed; `id` is the order id when the item named one.
        case failed(id: RemoteID?, error: WordPressError)

        private enum CodingKeys: String, CodingKey { case id, error }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            if c.contains(.error), let error = try? c.decode(WordPressError.self, forKey: .error) {
                let id = c.lenientInt64(.id)
                self = .failed(id: id == 0 ? nil : id, error: error)
            } else {
                self = .order(try Order(from: decoder))
            }
        }

        /// The order when the item succeeded.
        public var order: Order? {
            if case .order(let order) = self { return order }
            return nil
        }
    }

    public let create: [Item]
    public let update: [Item]
    public let delete: [Item]

    private enum CodingKeys: String, CodingKey { case create, update, delete }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        create = try c.lenientArray(.create)
        update = try c.lenientArray(.update)
        delete = try c.lenientArray(.delete)
    }
}
