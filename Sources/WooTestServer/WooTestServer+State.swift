import Foundation
import Synchronization

/// Typed access to the store for seeding and assertions.
extension WooTestServer {
    /// A recorded stock movement caused by an order.
    public struct StockChange: Sendable, Equatable {
        /// The product or variation.
        public var productID: Int64
        /// The order that moved it.
        public var orderID: Int64
        /// The change (negative when sold).
        public var delta: Int64
        /// The level after the change.
        public var newQuantity: Int64
    }

    // MARK: - Users and settings

    /// Adds (or replaces) a user with an application password.
    public func addUser(username: String, applicationPassword: String, role: UserRole = .administrator,
                        name: String? = nil, capabilities: [String] = []) {
        state.withLock { state in
            if let index = state.users.firstIndex(where: { $0.username == username }) {
                state.users[index].applicationPassword = applicationPassword
                state.users[index].role = role
                state.users[index].displayName = name
                state.users[index].extraCapabilities = capabilities
            } else {
                state.users.append(User(id: state.newUserID(), username: username,
                                        applicationPassword: applicationPassword, role: role,
                                        displayName: name, extraCapabilities: capabilities))
            }
        }
    }

    /// The store settings.
    public var settings: StoreSettings {
        state.withLock { $0.settings }
    }

    /// Changes the store settings.
    @discardableResult
    public func updateSettings<T>(_ body: (inout StoreSettings) -> T) -> T {
        state.withLock { body(&$0.settings) }
    }

    /// Empties the store (users are kept) and optionally seeds the demo store.
    public func reset(seedDemo: Bool = false) {
        state.withLock { state in
            let users = state.users
            state = StoreState()
            for user in users {
                var kept = user
                kept.id = state.newUserID()
                state.users.append(kept)
            }
        }
        if seedDemo { seedDemoStore() }
    }

    // MARK: - Seeding

    /// Adds a simple product; a non-nil `stockQuantity` turns stock management on.
    @discardableResult
    public func addProduct(name: String, regularPrice: String, sku: String = "", globalUniqueID: String = "",
                           taxClass: String = "", stockQuantity: Int64? = nil, categoryIDs: [Int64] = [],
                           status: String = "publish") -> ProductRecord {
        let now = self.now
        return state.withLock { state in
            var product = ProductRecord(id: state.newPostID(), name: name, dateCreated: now, dateModified: now)
            product.regularPrice = regularPrice
            product.sku = sku
            product.globalUniqueID = globalUniqueID
            product.taxClass = taxClass
            product.manageStock = stockQuantity != nil
            product.stockQuantity = stockQuantity
            product.categoryIDs = categoryIDs
            product.status = status
            state.products[product.id] = product
            return product
        }
    }

    /// Changes a product (or variation) and stamps `date_modified` with the server clock.
    @discardableResult
    public func updateProduct(id: Int64, _ body: (inout ProductRecord) -> Void) -> ProductRecord? {
        let now = self.now
        return state.withLock { state in
            guard var product = state.products[id] else { return nil }
            body(&product)
            product.dateModified = now
            state.products[id] = product
            return product
        }
    }

    /// Adds a tax rate for the store's country.
    @discardableResult
    public func addTaxRate(rate: String, name: String, taxClass: String = "standard", priority: Int64 = 1,
                           compound: Bool = false, country: String = "") -> TaxRateRecord {
        state.withLock { state in
            let record = TaxRateRecord(id: (state.taxRates.map(\.id).max() ?? 0) + 1, country: country, rate: rate,
                                       name: name, priority: priority, compound: compound,
                                       order: Int64(state.taxRates.count), taxClass: taxClass)
            state.taxRates.append(record)
            return record
        }
    }

    /// Adds a coupon (`percent`, `fixed_cart` or `fixed_product`).
    @discardableResult
    public func addCoupon(code: String, amount: String, discountType: String = "percent",
                          productIDs: [Int64] = []) -> CouponRecord {
        let now = self.now
        return state.withLock { state in
            var coupon = CouponRecord(id: state.newPostID(), code: code.lowercased(), amount: amount,
                                      discountType: discountType, dateCreated: now, dateModified: now)
            coupon.productIDs = productIDs
            state.coupons[coupon.id] = coupon
            return coupon
        }
    }

    /// Adds a customer (with a billing phone and city when given, as WooCommerce stores them).
    @discardableResult
    public func addCustomer(email: String, firstName: String = "", lastName: String = "", phone: String = "",
                            city: String = "") -> CustomerRecord {
        let now = self.now
        return state.withLock { state in
            var customer = CustomerRecord(id: state.newUserID(), email: email, dateCreated: now, dateModified: now)
            customer.firstName = firstName
            customer.lastName = lastName
            customer.billing = customer.billing.setting("first_name", .string(firstName))
                .setting("last_name", .string(lastName)).setting("email", .string(email))
                .setting("phone", .string(phone)).setting("city", .string(city))
            customer.username = String(email.split(separator: "@").first ?? "")
            state.customers[customer.id] = customer
            return customer
        }
    }

    // MARK: - Reading

    /// Every order, by id.
    public func orders() -> [OrderRecord] {
        state.withLock { $0.orders.values.sorted { $0.id < $1.id } }
    }

    /// One order.
    public func order(id: Int64) -> OrderRecord? {
        state.withLock { $0.orders[id] }
    }

    /// Every product and variation, by id.
    public func products() -> [ProductRecord] {
        state.withLock { $0.products.values.sorted { $0.id < $1.id } }
    }

    /// One product or variation.
    public func product(id: Int64) -> ProductRecord? {
        state.withLock { $0.products[id] }
    }

    /// The product with this SKU.
    public func product(sku: String) -> ProductRecord? {
        state.withLock { $0.products.values.first { $0.sku == sku } }
    }

    /// The stock level of a managed product (nil when unmanaged or unknown).
    public func stockQuantity(productID: Int64) -> Int64? {
        state.withLock { $0.products[productID]?.stockQuantity }
    }

    /// Stock movements caused by orders, oldest first.
    public func stockChanges() -> [StockChange] {
        state.withLock { state in
            state.stockLog.map { StockChange(productID: $0.productID, orderID: $0.orderID, delta: $0.delta,
                                             newQuantity: $0.newQuantity) }
        }
    }

    /// The notes of an order, oldest first.
    public func notes(orderID: Int64) -> [NoteRecord] {
        state.withLock { $0.notes.filter { $0.orderID == orderID } }
    }

    /// The refunds of an order, oldest first.
    public func refunds(orderID: Int64) -> [RefundRecord] {
        state.withLock { $0.refunds.filter { $0.orderID == orderID } }
    }

    /// The coupons.
    public func coupons() -> [CouponRecord] {
        state.withLock { $0.coupons.values.sorted { $0.id < $1.id } }
    }

    /// The tax rates.
    public func taxRates() -> [TaxRateRecord] {
        state.withLock { $0.taxRates }
    }
}
