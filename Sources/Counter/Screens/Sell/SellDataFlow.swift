import Localization
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
        /// ^D: a discount on the selected line (percent or amount).
        case lineDiscountKeyPressed
        case couponKeyPressed
        /// F6: find a customer (name, e-mail, phone or number) to attach; Enter alone detaches.
        case customerKeyPressed
        /// ^O: "no sale", opens the cash drawer (logged in the shift).
        case noSaleKeyPressed
        /// ^R: shows (or hides) the receipt this cart will print, before payment.
        case previewKeyPressed
        case payKeyPressed
        case payCardKeyPressed
        /// F10: parks the cart under a name typed in a prompt (empty: the next number); with an empty cart, opens
        /// the list of parked carts (Enter resumes the selected one, Delete voids it).
        case parkKeyPressed
        /// Opens the list of parked carts.
        case parkedListKeyPressed
        /// Voids the selected parked cart in the list.
        case voidKeyPressed
        case ordersKeyPressed
        case shiftKeyPressed
        case menuKeyPressed
    }

    /// A field the cashier is filling in at the bottom of the screen.
    public enum Prompt: Hashable, Sendable {
        case quantity
        case discount
        case lineDiscount
        case coupon
        case customer
        case parkName
        /// A code the catalog lacks (`offline`: the store could not be asked): the cashier types a price, a tax
        /// class and a name to sell it as a manual item.
        case manualItem(code: String, offline: Bool = false)
    }

    /// One cart line, as the checkout priced it.
    public struct Line: Hashable, Sendable {
        public var name: String
        public var quantity: Int
        /// The code the cart sends (SKU, GTIN or id).
        public var code: String
        /// The calculator's amount for the line (after discounts; with tax when prices include tax).
        public var amount: Money?
        /// The calculator's amount before discounts.
        public var subtotal: Money?
        /// The line's own discount as typed ("10%", "0.50").
        public var discount: String?
        /// A weighed line's weight and price per kilogram, as the store writes amounts ("0,512 kg x 12,99 €/kg").
        public var weighed: String?
        /// Whether the line was weighed or labelled (never merged with another scan of its code).
        public var isMeasured = false
        /// A manual item (a code the catalog lacked, at a typed price): never merged with another line.
        public var isManual = false

        public init(name: String, quantity: Int, code: String, amount: Money? = nil, subtotal: Money? = nil,
                    discount: String? = nil) {
            self.name = name
            self.quantity = quantity
            self.code = code
            self.amount = amount
            self.subtotal = subtotal
            self.discount = discount
        }
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
        /// The attached customer's name, once looked up.
        public var customerName: String?
        /// Customers matching the customer prompt's text, while it is open.
        public var customerResults: [CustomerSummary] = []
        public var selectedCustomer = 0
        /// The receipt preview's text lines, while it is shown.
        public var preview: [String]?
        /// The first preview line shown.
        public var previewOffset = 0
        public var message: Message?
        public var currency: Currency
        /// How the store writes amounts.
        public var moneyFormat: MoneyFormat
        /// The persisted sale this cart is (`nil` until the first item).
        public var saleId: Int64?
        /// The parked carts, while their list is open.
        public var parked: [SaleSummary]?
        public var selectedParked = 0
        /// The sale on screen is a training sale (rung up while the register was in training): the title says so.
        public var training = false

        /// An empty cart, its amounts to be written in `moneyFormat` (the currency's usual way when not given).
        public init(currency: Currency, moneyFormat: MoneyFormat? = nil) {
            self.currency = currency
            self.moneyFormat = moneyFormat ?? .standard(for: currency)
        }

        /// Shows a sale as the checkout stored and priced it.
        public mutating func show(_ sale: SaleSummary) {
            saleId = sale.id
            training = sale.training
            lines = sale.cart.items.enumerated().map { index, item in
                let priced = sale.lines.indices.contains(index) ? sale.lines[index] : nil
                var line = Line(name: priced?.name ?? item.code, quantity: item.quantity, code: item.code,
                                amount: priced?.amount, subtotal: priced?.subtotal, discount: item.discount.map { Self.label($0, currency: currency) })
                line.weighed = priced?.weighedText(moneyFormat)
                line.isMeasured = item.measure != nil
                line.isManual = item.manual != nil
                return line
            }
            if let selected = selectedLine, selected >= lines.count { selectedLine = lines.isEmpty ? nil : lines.count - 1 }
            totals = sale.totals
            discount = sale.cart.orderDiscount
            discountText = sale.cart.orderDiscount.map { Self.label($0, currency: currency) }
            coupon = sale.cart.couponCodes.first
            if customerId != sale.cart.customerId { customerName = nil }
            customerId = sale.cart.customerId
        }

        /// The sale as the checkout answered an edit, with the line that edit added to (or made) selected.
        public mutating func show(_ sale: SaleSummary, after edit: Checkout.CartEdit) {
            show(sale)
            if case .add(let item) = edit, let index = sale.cart.items.lastIndex(where: { $0.code == item.code }) {
                selectedLine = index
            }
        }

        /// A discount as the screen shows it beside the line or the total: "10%" / "10 %", "2.50" / "2,50" (the
        /// screen language's percentage and decimal mark).
        static func label(_ discount: Cart.Discount, currency: Currency) -> String {
            switch discount {
            case .percent(let value): L10n.percent(value.description)
            case .amount(let value): Money(minorUnits: value.minorUnits(exponent: currency.exponent), currency: currency).screenTyped
            }
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
        /// The heading over ``results`` ("Found (↑↓, Enter adds)", "Customers (↑↓, Enter attaches)").
        public var resultsTitle: String
        /// The receipt preview lines in view, when it is shown (instead of the cart).
        public var preview: [String]?
        /// "Coupon DEMO10 · Discount 10% · Customer #5"
        public var adjustments: String
        public var itemCount: String
        public var subtotal: String
        public var discount: String?
        public var tax: String
        public var total: String
        public var prompt: String?
        /// The prompt without its format hint, drawn when the whole one does not fit the line: the code a manual
        /// item is asked for stays in view at 80 columns, where the hint would push it off the left.
        public var promptWithoutHint: String?
        public var message: Message?
        public var isEmpty: Bool
    }
}
