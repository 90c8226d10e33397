import Yosemite

/// The receipt screen's data flow: after a sale, print it, reprint it, or save it to a file.
public enum ReceiptDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case printKeyPressed
        case reprintKeyPressed
        case printToFileKeyPressed
        case nextSaleKeyPressed
    }

    /// The state: the sale and what printing did.
    public struct Response: Hashable, Sendable {
        public var sale: Sale
        public var isPrinting = false
        public var printed: String?
        public var error: String?

        /// The state right after a sale.
        public init(sale: Sale) {
            self.sale = sale
        }
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public var title: String
        public var lines: [String]
        public var total: String
        public var tendered: String
        public var change: String
        public var status: String?
        public var isError: Bool
    }
}
