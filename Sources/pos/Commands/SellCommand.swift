import ArgumentParser
import Foundation
import POSFoundation
import Yosemite

/// `pos sell`: rings up items from the local catalog and takes cash, offline if need be.
struct SellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sell",
        abstract: "Sell items from the local catalog for cash; works without a network.",
        discussion: "The sale is saved with its outbox entries; `pos sync` sends it to the store."
    )

    @OptionGroup var data: DataDirectoryOptions

    @Option(name: .customLong("item"), help: "A barcode, SKU or product id, with an optional :QTY. Repeat per item.")
    var items: [String] = []

    @Option(name: .customLong("coupon"), help: "A coupon code. Repeat for several.")
    var coupons: [String] = []

    @Option(help: "The WooCommerce customer id.")
    var customer: Int64?

    @Option(help: "A discount on the whole order: a percentage (10%) or an amount (2.50).")
    var discount: String?

    @Option(help: "The tender: cash or cash:TENDERED (card comes later).")
    var pay: String

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if items.isEmpty { throw ValidationError("Give at least one --item CODE[:QTY].") }
        if pay.lowercased().hasPrefix("card") {
            throw ValidationError("Card payments are not available yet; take cash with --pay cash[:TENDERED].")
        }
        if !pay.lowercased().hasPrefix("cash") { throw ValidationError("--pay must be cash or cash:TENDERED.") }
    }

    func run() async throws {
        let cart = try makeCart()
        let tenderedText = pay.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
        let (sale, format) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            var tendered: Money?
            if let tenderedText {
                guard let amount = try? Money(parsing: tenderedText, currency: settings.currency) else {
                    Console.error("the tendered amount \(tenderedText) is not an amount in \(settings.currency.code)")
                    throw ExitStatus.usage.exitCode
                }
                tendered = amount
            }
            let sale = try await manager.perform { OrderAction.completeSale(cart: cart, tender: .cash(tendered: tendered), onCompletion: $0) }
            return (sale, settings.moneyFormat)
        }
        if json {
            try Console.json(SaleReport(sale))
            return
        }
        let order = sale.order
        Console.out("Order \(order.localNumber) (\(order.clientUUID))")
        for line in order.detail.lines {
            Console.out("  \(line.quantity) × \(line.name)  \(order.money(line.total).formatted(format))")
        }
        for coupon in order.detail.coupons {
            Console.out("  Coupon \(coupon.code)  −\(order.money(coupon.discount).formatted(format))")
        }
        Console.out("Subtotal: \(order.money(order.record.subtotal).formatted(format))")
        if order.record.discountTotal != 0 { Console.out("Discount: −\(order.money(order.record.discountTotal).formatted(format))") }
        for tax in order.detail.taxes {
            Console.out("Tax \(tax.label) \(tax.ratePercent)%: \(order.money(tax.taxTotal).formatted(format))")
        }
        Console.out("Total: \(order.total.formatted(format))")
        Console.out("Tendered: \(sale.tendered.formatted(format))  Change: \(sale.change.formatted(format))")
        Console.out("Saved; waiting to sync.")
    }

    private func makeCart() throws -> Cart {
        var cart = Cart(couponCodes: coupons, customerId: customer)
        for item in items {
            guard let parsed = Cart.Item(argument: item) else { throw ValidationError("--item \(item): QTY must be 1 or more.") }
            cart.items.append(parsed)
        }
        if let discount {
            guard let parsed = Cart.Discount(argument: discount) else {
                throw ValidationError("--discount must be a percentage such as 10% or an amount such as 2.50.")
            }
            cart.orderDiscount = parsed
        }
        return cart
    }
}
