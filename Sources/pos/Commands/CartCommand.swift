import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Yosemite

/// `pos cart`: the sales in progress — open and parked carts — as the counter and `pos sell` leave them.
struct CartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cart",
        abstract: L10n.tr("cli.cart.abstract"),
        discussion: L10n.tr("cli.cart.discussion"),
        subcommands: [CartListCommand.self, CartShowCommand.self, CartParkCommand.self, CartResumeCommand.self,
                      CartVoidCommand.self]
    )
}

/// The `--json` shape of a cart. Stable: scripts read it. Amounts are decimal strings.
struct CartReport: Encodable {
    struct Line: Encodable {
        var code: String
        var name: String
        var quantity: Int
        var amount: String?
        var discount: String?
    }

    struct Tender: Encodable {
        var method: String
        var amount: String
        var cardLast4: String?
    }

    var id: Int64
    var state: String
    var name: String?
    var lines: [Line]
    var coupons: [String]
    var discount: String?
    var customerId: Int64?
    var total: String
    var paid: String
    var due: String
    var tenders: [Tender]
    var orderId: Int64?
    var updatedAt: String

    init(_ sale: SaleSummary) {
        id = sale.id
        state = sale.state.rawValue
        name = sale.name
        lines = sale.cart.items.enumerated().map { index, item in
            let priced = sale.lines.indices.contains(index) ? sale.lines[index] : nil
            return Line(code: item.code, name: priced?.name ?? item.code, quantity: item.quantity,
                        amount: priced?.amount.decimalString, discount: item.discount.map(Self.text))
        }
        coupons = sale.cart.couponCodes
        discount = sale.cart.orderDiscount.map(Self.text)
        customerId = sale.cart.customerId
        total = sale.total.decimalString
        paid = sale.paid.decimalString
        due = sale.due.decimalString
        tenders = sale.tenders.map { Tender(method: $0.method.rawValue, amount: $0.amount.decimalString, cardLast4: $0.cardLast4) }
        orderId = sale.orderId
        updatedAt = LocalTime.iso(sale.updatedAt)
    }

    static func text(_ discount: Cart.Discount) -> String {
        switch discount {
        case .percent(let value): "\(value)%"
        case .amount(let value): value.description
        }
    }
}

enum CartCommandSupport {
    static func print(_ sale: SaleSummary, format: MoneyFormat) {
        let label = sale.name.map { " \"\($0)\"" } ?? ""
        Console.out(L10n.tr("cli.cart.out.sale", ["id": "\(sale.id)"]) + label + "  \(L10n.word(.saleState, sale.state.rawValue))  "
            + L10n.plural("common.items", count: sale.itemCount) + "  \(sale.total.formatted(format))")
        for (index, item) in sale.cart.items.enumerated() {
            let priced = sale.lines.indices.contains(index) ? sale.lines[index] : nil
            let discount = item.discount.map { "  (−\(CartReport.text($0)))" } ?? ""
            Console.out("  \(item.quantity) × \(priced?.name ?? item.code)  \(priced?.amount.formatted(format) ?? "?")\(discount)")
        }
        if let discount = sale.cart.orderDiscount { Console.out("  " + L10n.tr("cli.cart.out.discount", ["discount": CartReport.text(discount)])) }
        for code in sale.cart.couponCodes { Console.out("  " + L10n.tr("cli.cart.out.coupon", ["code": code.uppercased()])) }
        if let customer = sale.cart.customerId { Console.out("  " + L10n.tr("cli.cart.out.customer", ["customer": "\(customer)"])) }
        for tender in sale.tenders {
            Console.out("  " + L10n.tr("cli.orders.out.paid", ["method": L10n.word(.paymentMethod, tender.method.rawValue), "amount": tender.amount.formatted(format)])
                + (tender.cardLast4.map { " …\($0)" } ?? ""))
        }
        if sale.state == .open && sale.paid.minorUnits > 0 { Console.out("  " + L10n.tr("cli.cart.out.due", ["amount": sale.due.formatted(format)])) }
    }
}

/// `pos cart list`.
struct CartListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: L10n.tr("cli.cart.2.abstract"))

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: .tr("cli.cartList.all.help"))
    var all = false

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func run() async throws {
        let states: [Checkout.State] = all ? Checkout.State.allCases : [.open, .parked]
        let (sales, format) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            (try await manager.dispatch { OrderAction.listSales(states: states, reply: $0) }, settings.moneyFormat)
        }
        if json {
            try Console.json(sales.map(CartReport.init))
            return
        }
        if sales.isEmpty { Console.out(L10n.tr("cli.out.cart.none")) }
        for sale in sales {
            let label = sale.name.map { " \"\($0)\"" } ?? ""
            Console.out("\(sale.id)\(label)  \(L10n.word(.saleState, sale.state.rawValue))  " + L10n.plural("common.items", count: sale.itemCount)
                + "  \(sale.total.formatted(format))  \(LocalTime.text(sale.updatedAt))")
        }
    }
}

/// `pos cart show ID|NAME`.
struct CartShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: L10n.tr("cli.cart.3.abstract"))

    @OptionGroup var data: DataDirectoryOptions

    @Argument(help: .tr("cli.common.cart.help"))
    var id: String

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    @Flag(help: .tr("cli.cartShow.receipt.help"))
    var receipt = false

    func validate() throws {
        if json && receipt { throw ValidationError(L10n.tr("cli.invalid.cart.1")) }
    }

    func run() async throws {
        let id = id, receipt = receipt
        let (sale, format, preview) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            let sale = try await manager.dispatch { OrderAction.loadSale(reference: id, reply: $0) }
            var preview: String?
            if receipt {
                do {
                    let rendered = try await manager.dispatch { ReceiptAction.previewSale(saleId: sale.id, width: nil, reply: $0) }
                    preview = rendered.rendered.text(width: rendered.width)
                } catch let error as ReceiptError {
                    Console.error(error)
                    throw ReceiptSession.exitStatus(error).exitCode
                }
            }
            return (sale, settings.moneyFormat, preview)
        }
        if let preview { Console.out(preview); return }
        if json { try Console.json(CartReport(sale)); return }
        CartCommandSupport.print(sale, format: format)
    }
}

/// `pos cart park`: parks an open cart, or a new one rung up here.
struct CartParkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "park", abstract: L10n.tr("cli.cart.4.abstract"))

    @OptionGroup var data: DataDirectoryOptions

    @Argument(help: .tr("cli.cartPark.id.help"))
    var id: Int64?

    @Option(help: .tr("cli.cartPark.name.help"))
    var name: String?

    @Option(name: .customLong("item"), help: .tr("cli.cartPark.items.help"))
    var items: [String] = []

    @Option(help: .tr("cli.cartPark.coupon.help"))
    var coupon: String?

    @Option(help: .tr("cli.cartPark.customer.help"))
    var customer: String?

    @Option(help: .tr("cli.cartPark.discount.help"))
    var discount: String?

    /// For a new cart whose discount needs a manager (as the counter asks for one at its discount prompt).
    @Option(help: .tr("cli.common.manager.pin.help"))
    var manager: String?

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func validate() throws {
        if id != nil && !items.isEmpty { throw ValidationError(L10n.tr("cli.invalid.cart.2")) }
        if items.isEmpty && (coupon != nil || customer != nil || discount != nil || manager != nil) {
            throw ValidationError(L10n.tr("cli.invalid.cart.3"))
        }
    }

    func run() async throws {
        let arguments = OrderCommandSupport.CartArguments(items: items, coupons: coupon.map { [$0] } ?? [],
                                                          discount: discount, customer: customer)
        let id = id, name = name
        let approval = try PinPrompt.approval(manager)
        let (sale, format) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            let saleId: Int64
            if !arguments.items.isEmpty {
                let cart = try await OrderCommandSupport.cart(arguments, settings: settings, manager: manager)
                let opened = try await manager.dispatch { OrderAction.openSale(cart: cart, approval: approval, reply: $0) }
                saleId = opened.id
            } else if let id {
                saleId = id
            } else {
                guard let current = try await manager.dispatch({ OrderAction.currentSale(reply: $0) }) else {
                    Console.error(L10n.tr("cli.error.cart.nothingToPark"))
                    throw ExitStatus.notFound.exitCode
                }
                saleId = current.id
            }
            return (try await manager.dispatch { OrderAction.parkSale(saleId: saleId, name: name, reply: $0) }, settings.moneyFormat)
        }
        if json { try Console.json(CartReport(sale)); return }
        Console.out(L10n.tr("cli.out.cart.parked", ["name": sale.name ?? String(sale.id), "sale": String(sale.id)]))
        CartCommandSupport.print(sale, format: format)
    }
}

/// `pos cart resume ID|NAME`.
struct CartResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: L10n.tr("cli.cart.5.abstract"))

    @OptionGroup var data: DataDirectoryOptions

    @Argument(help: .tr("cli.common.cart.help"))
    var id: String

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func run() async throws {
        let id = id
        let (sale, format) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            (try await manager.dispatch { OrderAction.resumeSale(reference: id, reply: $0) }, settings.moneyFormat)
        }
        if json { try Console.json(CartReport(sale)); return }
        Console.out(L10n.tr("cli.out.cart.resumed", ["sale": String(sale.id)]))
        CartCommandSupport.print(sale, format: format)
    }
}

/// `pos cart void ID|NAME`.
struct CartVoidCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "void", abstract: L10n.tr("cli.cart.6.abstract"))

    @OptionGroup var data: DataDirectoryOptions

    @Argument(help: .tr("cli.common.cart.help"))
    var id: String

    @Option(help: .tr("cli.common.manager.pin.help"))
    var manager: String?

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func run() async throws {
        let id = id
        let approval = try PinPrompt.approval(manager)
        let (sale, format) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            (try await manager.dispatch { OrderAction.voidSale(reference: id, approval: approval, reply: $0) }, settings.moneyFormat)
        }
        if json { try Console.json(CartReport(sale)); return }
        Console.out(L10n.tr("cli.out.cart.voided", ["sale": String(sale.id)]))
        if sale.paid.minorUnits > 0 { Console.out(L10n.tr("cli.out.cart.giveBack", ["amount": sale.paid.formatted(format)])) }
    }
}
