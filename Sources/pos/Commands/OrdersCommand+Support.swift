import ArgumentParser
import Composition
import Foundation
import Localization
import POSFoundation
import Storage
import Yosemite

/// What `pos sell` and `pos orders` share: opening the data directory's session, and mapping errors to exits.
enum OrderCommandSupport {
    /// Opens the logged-in session of the data directory and runs `body` with it and the store's settings.
    ///
    /// `openDemo`: on a data directory with nothing configured, open the embedded demo store first (as a plain
    /// `pos` does; see ``LiveSession/openDemoIfUnconfigured(_:)``); false for commands that must not run on the
    /// demo unasked (a payment on a real card reader).
    @MainActor
    static func withStores<T>(data: DataDirectoryOptions, openDemo: Bool = true,
                              _ body: (StoresManager, StoreSettings) async throws -> T) async throws -> T {
        let directory = try data.resolve()
        let environment: AppEnvironment
        do {
            environment = try AppEnvironment.live(dataDirectory: directory, logger: LoggingSetup.logger())
        } catch {
            Console.openFailure(error, directory: directory)
            throw ExitStatus.storageFailure.exitCode
        }
        let manager = StoresManager(environment: environment)
        if openDemo { try await LiveSession.openDemoIfUnconfigured(manager) }
        guard manager.canSell else {
            Console.error(L10n.tr("cli.error.notLoggedIn"))
            FileHandle.standardError.write(Data(("  " + L10n.tr("cli.error.notLoggedIn.hint") + "\n").utf8))
            throw ExitStatus.notLoggedIn.exitCode
        }
        LocalTime.load(manager)
        do {
            guard let settings = try await manager.dispatch({ SettingAction.loadStoreSettings(reply: $0) }) else {
                throw OrderError.storeSettingsMissing
            }
            return try await body(manager, settings)
        } catch let error as OrderError {
            Console.error(error)
            switch error {
            case .storage: throw ExitStatus.storageFailure.exitCode
            case .storeSettingsMissing: throw ExitStatus.notLoggedIn.exitCode
            case .limitExceeded, .invalidQuantity: throw ExitStatus.usage.exitCode
            case .saleNotFound, .orderNotFound, .notFound: throw ExitStatus.notFound.exitCode
            case .cashier(let error): throw CashierCommand.exitCode(error)
            default: throw ExitStatus.failure.exitCode
            }
        } catch let error as CashierError {
            Console.error(error)
            throw CashierCommand.exitCode(error)
        } catch let error as SettingError {
            Console.error(error)
            throw ExitStatus.storageFailure.exitCode
        } catch let error as CustomerError {
            Console.error(error)
            switch error {
            case .notFound: throw ExitStatus.notFound.exitCode
            case .ambiguous: throw ExitStatus.failure.exitCode
            case .storage: throw ExitStatus.storageFailure.exitCode
            case .unhandled: throw ExitStatus.notLoggedIn.exitCode
            }
        }
    }

    /// What `pos sell` and `pos cart park` ring up, as typed: `--item`, `--manual`, `--coupon`, `--discount`,
    /// `--customer`.
    struct CartArguments {
        var items: [String] = []
        var manualItems: [String] = []
        var coupons: [String] = []
        var discount: String?
        var customer: String?
    }

    /// The cart the arguments ring up, as the counter would hold it after the same items were scanned and the same
    /// discount and coupon typed (one sale, whichever front): amounts read in the store's terms
    /// (``Cart/Discount/init(typed:currency:separators:)``), each code scanned as the counter scans it
    /// (``measured(_:manager:)``), then every item added by the checkout's own edit rule (``Cart/applying(_:)``: the
    /// same code adds to its line), the discount, the coupon and the customer set by the checkout's edits. Nothing is
    /// recorded here: the caller opens the sale with the whole cart in one event, so a refusal leaves nothing behind.
    @MainActor
    static func cart(_ arguments: CartArguments, settings: StoreSettings, manager: StoresManager) async throws -> Cart {
        let currency = settings.currency, separators = settings.moneyFormat.separators
        var items: [Cart.Item] = []
        for argument in arguments.items {
            guard let item = Cart.Item(argument: argument, currency: currency, separators: separators) else {
                throw ValidationError(L10n.tr("cli.invalid.itemQuantity", ["item": argument]))
            }
            items.append(item)
        }
        for argument in arguments.manualItems {
            guard let item = Cart.Item(manualArgument: argument, currency: currency, separators: separators) else {
                throw ValidationError(L10n.tr("cli.invalid.sell.10", ["item": argument]))
            }
            items.append(item)
        }
        var discount: Cart.Discount?
        if let text = arguments.discount {
            do throws(TypedAmountError) {
                discount = try Cart.Discount(typed: text, currency: currency, separators: separators)
            } catch {
                throw ValidationError(L10n.tr("cli.invalid.discount"))
            }
        }
        let scanned = try await measured(Cart(items: items), manager: manager).items
        let codes = arguments.coupons.compactMap(Cart.couponCode(typed:))
        let customer = try await customerId(arguments.customer, manager: manager)
        var edits: [Checkout.CartEdit] = scanned.map { .add($0) }
        if let discount { edits.append(.cartDiscount(discount)) }
        if let first = codes.first { edits.append(.coupon(first)) }
        if let customer { edits.append(.customer(customer)) }
        var cart: Cart
        do throws(CheckoutRefusal) {
            cart = try Cart().applying(edits)
        } catch {
            Console.error(error.description)
            throw ExitStatus.usage.exitCode
        }
        // The checkout's coupon edit holds one code (the counter takes one); the command line may give several.
        if codes.count > 1 { cart.couponCodes = codes }
        return cart
    }

    /// The cart with each code read as the counter's scan reads it (`ProductAction.scan`): a code the catalog has
    /// becomes the code the counter's cart keeps for it (its SKU, else its GTIN, else its id:
    /// ``ScannedItem/cartCode``), so `--item 4006381333931` and a scan of that barcode record the same line; each
    /// item whose code is a label of a configured layout gets its product and the label's weight or price; each
    /// product sold by weight is weighed on the scale (its weight, price per kilogram and price printed). A code the
    /// scan does not find stays as typed (the checkout refuses it by name). A weighed or labelled item is sold once:
    /// a quantity above 1 is refused.
    @MainActor
    static func measured(_ cart: Cart, manager: StoresManager) async throws -> Cart {
        var cart = cart
        for index in cart.items.indices {
            let item = cart.items[index]
            guard item.manual == nil else { continue }  // a typed price: nothing to scan or weigh
            let scanned: ScannedItem
            do throws(CatalogError) {
                scanned = try await manager.dispatch { ProductAction.scan(code: item.code, reply: $0) }
            } catch .unreadableLabel(let code, let reason) {
                Console.error(L10n.tr("cli.error.sell.label", ["code": "\(code)", "reason": "\(reason)"]))
                Console.error(L10n.tr("cli.error.sell.label.hint"))
                throw CatalogSession.exitStatus(.unreadableLabel(code: code, reason: reason)).exitCode
            } catch {
                continue
            }
            guard scanned.measure != nil || scanned.needsWeight else {
                cart.items[index].code = scanned.cartCode
                continue
            }
            guard item.quantity == 1 else {
                Console.error(L10n.tr("cli.error.sell.weighedQuantity", ["code": "\(item.code)"]))
                throw ExitStatus.usage.exitCode
            }
            var measured = scanned.cartItem()
            if scanned.needsWeight {
                FileHandle.standardError.write(Data((L10n.tr("cli.sell.out.weighing", ["name": scanned.item.name]) + "\n").utf8))
                do throws(WeighingError) {
                    let weight = try await manager.dispatch { ScaleAction.weigh(reply: $0) }
                    measured = scanned.cartItem(weighing: weight)
                } catch {
                    Console.error(L10n.tr("cli.error.sell.notSold", ["name": "\(scanned.item.name)", "message": "\(error.message)"]))
                    if !error.recoverySuggestion.isEmpty { FileHandle.standardError.write(Data("  \(error.recoverySuggestion)\n".utf8)) }
                    throw ExitStatus.failure.exitCode
                }
            }
            measured.discount = item.discount
            cart.items[index] = measured
        }
        return cart
    }

    /// The customer number `--customer TEXT` names (a number, an e-mail, a phone or a name matching one customer
    /// in the local copy), or `nil` without the option. Unknown or ambiguous: `CustomerError`.
    @MainActor
    static func customerId(_ text: String?, manager: StoresManager) async throws -> Int64? {
        guard let text else { return nil }
        return try await manager.dispatch { CustomerAction.resolve(text: text, reply: $0) }.id
    }
}

/// The `--json` shape of an order. Stable: scripts read it. Amounts are decimal strings.
struct OrderReport: Encodable {
    struct Line: Encodable {
        var productId: Int64?
        var variationId: Int64?
        var name: String
        var sku: String
        var quantity: Int
        var subtotal: String
        var subtotalTax: String
        var total: String
        var totalTax: String
        /// Set on a manual item's line (the scanned code, may be empty): to review.
        var manualItemCode: String?
    }

    struct TaxLine: Encodable {
        var rateId: Int64
        var label: String
        var ratePercent: String
        var compound: Bool
        var total: String
    }

    struct Coupon: Encodable {
        var code: String
        var discount: String
        var discountTax: String
    }

    struct Fee: Encodable {
        var name: String
        var total: String
        var totalTax: String
    }

    struct Payment: Encodable {
        var method: String
        var amount: String
        var tendered: String?
        var change: String?
        var transactionId: String?
    }

    struct OutboxEntry: Encodable {
        var kind: String
        var state: String
        var attempts: Int
        var lastError: String?
        var parkedReason: String?
    }

    var localNumber: Int64
    var clientUUID: String
    var status: String
    var syncState: String
    /// A training sale: never synced, not takings.
    var training: Bool
    var createdAt: String
    var currency: String
    var customerId: Int64?
    var subtotal: String
    var discountTotal: String
    var discountTax: String
    var feeTotal: String
    var totalTax: String
    var total: String
    var remoteId: Int64?
    var remoteNumber: String?
    var serverTotal: String?
    var parkedReason: String?
    var lines: [Line]
    var taxLines: [TaxLine]
    var coupons: [Coupon]
    var fees: [Fee]
    var payments: [Payment]
    var outbox: [OutboxEntry]

    init(_ order: LocalOrder) {
        let record = order.record, detail = order.detail
        func money(_ minor: Int64) -> String { order.money(minor).decimalString }
        localNumber = record.localNumber
        clientUUID = record.clientUUID.description
        status = record.status
        syncState = record.syncState.rawValue
        training = record.training
        createdAt = LocalTime.iso(record.createdAt)
        currency = record.currencyCode
        customerId = record.customerId
        subtotal = money(record.subtotal)
        discountTotal = money(record.discountTotal)
        discountTax = money(record.discountTax)
        feeTotal = money(record.feeTotal)
        totalTax = money(record.totalTax)
        total = money(record.total)
        remoteId = record.remoteId
        remoteNumber = record.remoteNumber
        serverTotal = record.serverTotal.map(money)
        parkedReason = order.parkedReason
        lines = detail.lines.map {
            Line(productId: $0.productId, variationId: $0.variationId, name: $0.name, sku: $0.sku, quantity: $0.quantity,
                 subtotal: money($0.subtotal), subtotalTax: money($0.subtotalTax), total: money($0.total),
                 totalTax: money($0.totalTax), manualItemCode: $0.manualItemCode)
        }
        taxLines = detail.taxes.map {
            TaxLine(rateId: $0.rateId, label: $0.label, ratePercent: $0.ratePercent, compound: $0.compound, total: money($0.taxTotal))
        }
        coupons = detail.coupons.map { Coupon(code: $0.code, discount: money($0.discount), discountTax: money($0.discountTax)) }
        fees = detail.fees.map { Fee(name: $0.name, total: money($0.total), totalTax: money($0.totalTax)) }
        payments = detail.payments.map {
            Payment(method: $0.method.rawValue, amount: $0.amountMoney.decimalString, tendered: $0.tendered.map(money),
                    change: $0.change.map(money), transactionId: $0.transactionId)
        }
        outbox = detail.outbox.map {
            OutboxEntry(kind: $0.kind.rawValue, state: $0.state.rawValue, attempts: $0.attemptCount,
                        lastError: $0.lastError, parkedReason: $0.parkedReason)
        }
    }
}

/// The `--json` shape of `pos sell`: the order plus the cash movement.
struct SaleReport: Encodable {
    var order: OrderReport
    var tendered: String
    var change: String

    init(_ sale: Sale) {
        order = OrderReport(sale.order)
        tendered = sale.tendered.decimalString
        change = sale.change.decimalString
    }
}
