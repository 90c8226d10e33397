import POSFoundation
import Yosemite

/// The sell screen's data flow: Requests (what the cashier did), the Response (the interactor's state), and the
/// ViewModel (strings to draw).
public enum SellDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case typed(Character)
        case backspace
        case enterPressed
        case escapePressed
        case selectionUp
        case selectionDown
        case scanned(String)
        case quantityKeyPressed
        case removeLineKeyPressed
        case discountKeyPressed
        case couponKeyPressed
        case customerKeyPressed
        case payKeyPressed
        case payCardKeyPressed
        case ordersKeyPressed
        case shiftKeyPressed
        case menuKeyPressed
    }

    /// A field the cashier is filling in at the bottom of the screen.
    public enum Prompt: Hashable, Sendable {
        case quantity
        case discount
        case coupon
        case customer
    }

    /// One cart line.
    public struct Line: Hashable, Sendable {
        public var item: CatalogItem
        public var quantity: Int
        /// The code the cart sends (SKU, GTIN or id).
        public var code: String
    }

    /// A line of feedback under the cart.
    public struct Message: Hashable, Sendable {
        public var text: String
        public var isError: Bool
    }

    /// Everything the screen shows, as the interactor knows it.
    public struct Response: Hashable, Sendable {
        public var lines: [Line] = []
        public var selectedLine: Int?
        public var query = ""
        public var results: [CatalogItem] = []
        public var selectedResult = 0
        public var prompt: Prompt?
        public var promptText = ""
        public var totals: OrderTotals?
        public var discount: Cart.Discount?
        public var discountText: String?
        public var coupon: String?
        public var customerId: Int64?
        public var message: Message?
        public var currency: Currency

        /// An empty cart.
        public init(currency: Currency) {
            self.currency = currency
        }

        /// The cart Yosemite sells.
        public var cart: Cart {
            Cart(items: lines.map { Cart.Item(code: $0.code, quantity: $0.quantity) },
                 couponCodes: coupon.map { [$0] } ?? [], orderDiscount: discount, customerId: customerId)
        }
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public struct Row: Hashable, Sendable {
            public var quantity: String
            public var name: String
            public var amount: String
            public var isSelected: Bool
        }

        public struct Result: Hashable, Sendable {
            public var name: String
            public var detail: String
            public var price: String
            public var isSelected: Bool
        }

        public var query: String
        public var rows: [Row]
        public var results: [Result]
        /// "Coupon DEMO10 · Discount 10% · Customer #5"
        public var adjustments: String
        public var itemCount: String
        public var subtotal: String
        public var discount: String?
        public var tax: String
        public var total: String
        public var prompt: String?
        public var message: Message?
        public var isEmpty: Bool
    }
}
