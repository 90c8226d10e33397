import Foundation

/// Everything the fake store holds; always accessed under the server's `Mutex`.
struct StoreState: Sendable {
    /// A payment gateway.
    struct Gateway: Sendable {
        var id: String
        var title: String
        var description: String
        var enabled: Bool
    }

    /// A recorded stock movement, for assertions.
    struct StockChange: Sendable {
        var productID: Int64
        var orderID: Int64
        var delta: Int64
        var newQuantity: Int64
    }

    var settings = StoreSettings()
    var users: [User] = []
    var products: [Int64: ProductRecord] = [:]
    var categories: [CategoryRecord] = []
    var taxRates: [TaxRateRecord] = []
    var taxClasses: [(slug: String, name: String)] = [("standard", "Standard rate"), ("reduced-rate", "Reduced rate"),
                                                      ("zero-rate", "Zero rate")]
    var coupons: [Int64: CouponRecord] = [:]
    var customers: [Int64: CustomerRecord] = [:]
    var orders: [Int64: OrderRecord] = [:]
    var notes: [NoteRecord] = []
    var sentOrderEmails: [WooTestServer.SentOrderEmail] = []
    var refunds: [RefundRecord] = []
    var gateways: [Gateway] = [
        Gateway(id: "cod", title: "Cash on delivery", description: "Pay with cash upon delivery.", enabled: true),
        Gateway(id: "bacs", title: "Direct bank transfer", description: "Pay into our bank account.", enabled: true),
        Gateway(id: "pos_card", title: "Card (POS terminal)", description: "Card present at the counter.", enabled: true),
    ]
    var stockLog: [StockChange] = []

    private(set) var nextPostID: Int64 = 10
    private(set) var nextItemID: Int64 = 1
    private(set) var nextCommentID: Int64 = 1
    private(set) var nextMetaID: Int64 = 1
    private(set) var nextUserID: Int64 = 1
    private(set) var nextTermID: Int64 = 15

    /// A new id from the shared post sequence (products, variations, coupons, orders, refunds).
    mutating func newPostID() -> Int64 { defer { nextPostID += 1 }; return nextPostID }
    /// A new order-item id.
    mutating func newItemID() -> Int64 { defer { nextItemID += 1 }; return nextItemID }
    /// A new comment (note) id.
    mutating func newCommentID() -> Int64 { defer { nextCommentID += 1 }; return nextCommentID }
    /// A new meta id.
    mutating func newMetaID() -> Int64 { defer { nextMetaID += 1 }; return nextMetaID }
    /// A new user id.
    mutating func newUserID() -> Int64 { defer { nextUserID += 1 }; return nextUserID }
    /// A new term (category) id.
    mutating func newTermID() -> Int64 { defer { nextTermID += 1 }; return nextTermID }

    /// Merges posted meta using this state's meta sequence.
    mutating func mergeMeta(_ posted: JSON?, into meta: inout [MetaDatum]) {
        var next = nextMetaID
        MetaDatum.merge(posted, into: &meta) { defer { next += 1 }; return next }
        nextMetaID = next
    }
}
