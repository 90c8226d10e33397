import ArgumentParser
import Foundation
import Hardware
import Localization
import POSFoundation
import Storage
import Yosemite

/// `pos sell`: rings up items from the local catalog and takes cash (offline if need be), a card, or both.
struct SellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sell",
        abstract: L10n.tr("cli.sell.abstract"),
        discussion: L10n.tr("cli.sell.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions

    @Option(name: .customLong("item"), help: .tr("cli.sell.items.help"))
    var items: [String] = []

    @Option(name: .customLong("manual"), help: .tr("cli.sell.manualItems.help"))
    var manualItems: [String] = []

    @Option(help: .tr("cli.sell.sale.help"))
    var sale: Int64?

    @Option(name: .customLong("coupon"), help: .tr("cli.sell.coupons.help"))
    var coupons: [String] = []

    @Option(help: .tr("cli.sell.customer.help"))
    var customer: String?

    @Option(help: .tr("cli.sell.discount.help"))
    var discount: String?

    @Option(help: .tr("cli.sell.pay.help"))
    var pay: [String] = []

    @Option(help: .tr("cli.sell.reader.help"))
    var reader: String?

    @Option(help: .tr("cli.common.manager.pin.help"))
    var manager: String?

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func validate() throws {
        if items.isEmpty && manualItems.isEmpty && sale == nil {
            throw ValidationError(L10n.tr("cli.invalid.sell.1"))
        }
        for item in manualItems where Cart.Item(manualArgument: item) == nil {
            throw ValidationError(L10n.tr("cli.invalid.sell.2", ["item": "\(item)"]))
        }
        if sale != nil && (!items.isEmpty || !manualItems.isEmpty || !coupons.isEmpty || customer != nil || discount != nil) {
            throw ValidationError(L10n.tr("cli.invalid.sell.3"))
        }
        let kinds = pay.map { $0.lowercased().split(separator: ":", maxSplits: 1).first.map(String.init) ?? "" }
        guard !kinds.isEmpty, kinds.allSatisfy({ $0 == "cash" || $0 == "card" }) else {
            throw ValidationError(L10n.tr("cli.invalid.sell.4"))
        }
        if kinds.count > 1 {
            guard kinds.count == 2, kinds.contains("card"), kinds.contains("cash"),
                  pay.contains(where: { $0.lowercased().hasPrefix("cash:") }) else {
                throw ValidationError(L10n.tr("cli.invalid.sell.5"))
            }
        }
        if reader != nil, !kinds.contains("card") { throw ValidationError(L10n.tr("cli.invalid.sell.6")) }
        for item in items where Cart.Item(argument: item) == nil {
            throw ValidationError(L10n.tr("cli.invalid.sell.7", ["item": "\(item)"]))
        }
        for tender in pay where tender.lowercased().hasPrefix("cash:") {
            let amount = String(tender.dropFirst(5))
            guard Self.isPlainAmount(amount) else {
                throw ValidationError(L10n.tr("cli.invalid.sell.8", ["tender": "\(tender)"]))
            }
        }
    }

    /// `20`, `20.00`, `20,5`, `1.234,50`: digits and separators only, at most 12 digits (the store's separators are
    /// checked when the amount is read, by ``AmountArgument``).
    static func isPlainAmount(_ text: String) -> Bool {
        let digits = text.filter { $0.isASCII && $0.isNumber }
        return (1...12).contains(digits.count) && text.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }
            && text.first.map { $0.isASCII && $0.isNumber } == true
    }

    /// What this sale rings up, as typed (read in the store's terms once the store is open).
    private var cartArguments: OrderCommandSupport.CartArguments {
        OrderCommandSupport.CartArguments(items: items, manualItems: manualItems, coupons: coupons, discount: discount,
                                          customer: customer)
    }

    func run() async throws {
        let saleId = sale
        let approval = try PinPrompt.approval(manager)
        let arguments = cartArguments
        if pay.contains(where: { $0.lowercased().hasPrefix("card") }) {
            let cashText = pay.first { $0.lowercased().hasPrefix("cash:") }.map { String($0.dropFirst(5)) }
            try await CardSaleFlow(data: data, cart: arguments, saleId: saleId, cashText: cashText, reader: reader,
                                   json: json, approval: approval).run()
            return
        }
        let tenderedText = pay[0].split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
        let (sale, format, isDemo) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            var tendered: Money?
            if let tenderedText {
                tendered = try AmountArgument.parse(tenderedText, currency: settings.currency,
                                                    separators: settings.moneyFormat.separators) {
                    L10n.tr("cli.error.sell.tendered", ["tenderedText": "\(tenderedText)", "code": "\(settings.currency.code)"])
                }
            }
            var whole: Cart?
            if saleId == nil {
                // Each code was scanned: one the local catalog lacks was looked up on the store (SKU, then GTIN) and
                // stored as the sync stores it, as a scan at the counter does; one it cannot find is refused here.
                whole = try await OrderCommandSupport.cart(arguments, settings: settings, manager: manager)
            }
            let sale: Sale
            do throws(OrderError) {
                if let saleId {
                    sale = try await manager.dispatch { OrderAction.payCash(saleId: saleId, tendered: tendered, reply: $0) }
                } else {
                    // The cart and the cash are one checkout event (`Checkout.Event.sell`): short cash records nothing.
                    let cart = whole ?? Cart()
                    sale = try await manager.dispatch {
                        OrderAction.completeSale(cart: cart, tender: .cash(tendered: tendered), approval: approval, reply: $0)
                    }
                }
            } catch {
                guard case .tenderTooLow(let due, let short) = error else { throw error }
                // 1, not a usage error: the amount is well-formed; only the sale's total makes it short.
                // A new sale was not recorded (run the command again with enough cash); a sale given by --sale stays
                // open for its next tender, as at the counter and as after a declined card.
                if let saleId {
                    Console.error(L10n.tr("cli.sell.error.tenderedShortOpen", [
                        "tendered": short.formatted(settings.moneyFormat), "due": due.formatted(settings.moneyFormat),
                        "dueTyped": Self.typed(due, settings.moneyFormat), "sale": String(saleId),
                    ]))
                } else {
                    Console.error(L10n.tr("cli.sell.error.tenderedShort", [
                        "tendered": short.formatted(settings.moneyFormat), "due": due.formatted(settings.moneyFormat),
                        "dueTyped": Self.typed(due, settings.moneyFormat),
                    ]))
                }
                throw ExitStatus.failure.exitCode
            }
            return (sale, settings.moneyFormat, await manager.isDemo)
        }
        if json {
            try Console.json(SaleReport(sale))
            return
        }
        Self.printOrder(sale.order, format: format)
        Console.out(L10n.tr("cli.out.sell.tendered", ["tendered": sale.tendered.formatted(format), "change": sale.change.formatted(format)]))
        Self.printShiftNote(sale.openedShiftId)
        Self.printReceiptNote(sale.receipt, order: sale.order.localNumber)
        Console.out(SellCommand.savedNote(isDemo: isDemo))
    }

    /// What issuing the receipt did: stored (and printed, or why not), the drawer opened.
    static func printReceiptNote(_ receipt: IssuedReceipt?, order: Int64, refund: Bool = false) {
        // A refund receipt prints with `reprint --refund` (as it is when it never printed, else as a copy).
        let print = refund ? "pos receipt reprint \(order) --refund" : "pos receipt print \(order)"
        let copy = refund ? print : "pos receipt reprint \(order)"
        guard let receipt else {
            Console.error(L10n.tr("cli.out.sell.receipt.missing", ["command": print]))
            return
        }
        switch receipt.printing {
        case .printed(let printer): Console.out(L10n.tr("cli.out.sell.receipt.printed", ["printer": printer, "command": copy]))
        case .off: Console.out(L10n.tr("cli.out.sell.receipt.stored", ["command": print]))
        case .failed(let reason): Console.error(L10n.tr("cli.out.sell.receipt.failed", ["reason": reason, "command": print]))
        }
        if receipt.drawerOpened { Console.out(L10n.tr("cli.out.sell.drawer")) }
    }

    /// The last line after a sale: a real store's sale waits for `pos sync`; the demo never sends one.
    static func savedNote(isDemo: Bool) -> String {
        L10n.tr(isDemo ? "cli.out.sell.saved.demo" : "cli.out.sell.saved")
    }

    /// Says so when the sale opened a shift.
    static func printShiftNote(_ shiftId: Int64?) {
        guard let shiftId else { return }
        Console.out(L10n.tr("cli.out.sell.openedShift", ["shift": String(shiftId)]))
    }

    /// Prints an order's lines and totals.
    /// An amount as it is typed after `--pay cash:` in this store: its decimal separator, no symbol, no grouping.
    static func typed(_ money: Money, _ format: MoneyFormat) -> String {
        money.formatted(MoneyFormat(symbol: "", position: .left, separators: DecimalSeparators(decimal: format.separators.decimal, grouping: nil)))
    }

    static func printOrder(_ order: LocalOrder, format: MoneyFormat) {
        // The receipt's amounts and order: each line before discounts (with tax where the store's prices include it),
        // so the lines add up to the subtotal; then the discount, or the coupons, and the fees down to the total.
        let record = order.record, shown = { (net: Int64, tax: Int64) in order.money(record.shown(net, tax: tax)).formatted(format) }
        let coupons = order.detail.coupons
        Console.out(L10n.tr("cli.out.sell.order", ["number": String(order.localNumber), "uuid": "\(order.clientUUID)"]))
        for line in order.detail.lines {
            let before = record.shown(line.subtotal, tax: line.subtotalTax), after = record.shown(line.total, tax: line.totalTax)
            let discount = coupons.isEmpty && before != after
                ? "  " + L10n.tr("cli.sell.out.lineDiscount", ["amount": order.money(before - after).formatted(format)]) : ""
            let review = line.manualItemCode == nil ? "" : "  " + L10n.tr("cli.sell.out.manualItem")
            Console.out("  \(line.quantity) × \(line.name)  \(order.money(before).formatted(format))\(discount)\(review)")
            if let grams = line.weightGrams, grams > 0 {
                // Weight, price per kilogram and price together, as the law for trade scales wants them shown.
                Console.out("      " + WeighedLine(grams: grams, unitPrice: order.money(line.unitPrice)).text(separators: format.separators))
            }
        }
        let subtotal = order.detail.lines.reduce(Int64(0)) { $0 + record.shown($1.subtotal, tax: $1.subtotalTax) }
        Console.out(L10n.tr("cli.out.sell.subtotal", ["amount": order.money(subtotal).formatted(format)]))
        if coupons.isEmpty, record.discountTotal != 0 {
            Console.out(L10n.tr("cli.out.sell.discount", ["amount": shown(record.discountTotal, record.discountTax)]))
        }
        for coupon in coupons {
            Console.out("  " + L10n.tr("cli.out.sell.coupon", ["code": coupon.code, "amount": shown(coupon.discount, coupon.discountTax)]))
        }
        for fee in order.detail.fees {
            Console.out("  " + L10n.tr("cli.orders.out.fee", ["name": fee.name, "amount": shown(fee.total, fee.totalTax)]))
        }
        for tax in order.detail.taxes {
            Console.out(L10n.tr(record.pricesIncludeTax ? "cli.out.sell.tax.included" : "cli.out.sell.tax", [
                "label": tax.label, "rate": L10n.percent(tax.ratePercent), "amount": order.money(tax.taxTotal + tax.shippingTaxTotal).formatted(format),
            ]))
        }
        Console.out(L10n.tr("cli.out.sell.total", ["amount": order.total.formatted(format)]))
    }

}
