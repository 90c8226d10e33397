import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Storage
import Yosemite

/// `pos orders`: the sales recorded at this counter, synced or not.
struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: L10n.tr("cli.orders.abstract"),
        subcommands: [OrdersListCommand.self, OrdersShowCommand.self]
    )
}

/// `pos orders list`.
struct OrdersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: L10n.tr("cli.orders.2.abstract"))

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: .tr("cli.ordersList.pending.help"))
    var pending = false

    @Flag(help: .tr("cli.ordersList.review.help"))
    var review = false

    @Option(help: .tr("cli.ordersList.search.help"))
    var search: String?

    @Option(help: .tr("cli.ordersList.limit.help"))
    var limit = 50

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func run() async throws {
        var filter = OrderQuery(text: search, unsyncedOnly: pending, limit: limit)
        filter.forReviewOnly = review
        let (orders, format) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            (try await manager.dispatch { OrderAction.listOrders(filter: filter, reply: $0) }, settings.moneyFormat)
        }
        if json {
            try Console.json(orders.map(OrderReport.init))
            return
        }
        if orders.isEmpty {
            Console.out(L10n.tr(review ? "cli.out.orders.noneToReview" : pending ? "cli.out.orders.noneWaiting" : "cli.out.orders.none"))
        }
        for order in orders {
            let server = order.record.remoteNumber.map { "  server #\($0)" } ?? ""
            Console.out("\(order.localNumber)  \(SaleReport.iso8601(order.record.createdAt))  \(order.total.formatted(format))  \(order.record.syncState.rawValue)\(server)")
        }
    }
}

/// `pos orders show ID`.
struct OrdersShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: L10n.tr("cli.orders.3.abstract"))

    @OptionGroup var data: DataDirectoryOptions

    @Argument(help: .tr("cli.ordersShow.id.help"))
    var id: String

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func run() async throws {
        let reference = id
        let (order, format) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            (try await manager.dispatch { OrderAction.loadOrder(reference: reference, reply: $0) }, settings.moneyFormat)
        }
        if json {
            try Console.json(OrderReport(order))
            return
        }
        let record = order.record
        Console.out("Order \(record.localNumber)  \(record.clientUUID)")
        Console.out("Sold: \(SaleReport.iso8601(record.createdAt))  Status: \(record.status)  Sync: \(record.syncState.rawValue)")
        if let remoteId = record.remoteId { Console.out("Server: id \(remoteId), number \(record.remoteNumber ?? "?")") }
        if let reason = order.parkedReason { Console.out("Parked: \(reason)") }
        if record.hasServerTotalMismatch, let serverTotal = record.serverTotal {
            Console.out("Server total differs: \(order.money(serverTotal).formatted(format))")
        }
        if let customer = record.customerId { Console.out("Customer: \(customer)") }
        for line in order.detail.lines {
            let review = line.manualItemCode.map { " — manual item\($0.isEmpty ? "" : " (code \($0))"), to review" } ?? ""
            Console.out("  \(line.quantity) × \(line.name) [\(line.sku)]  \(order.money(line.total).formatted(format)) + tax \(order.money(line.totalTax).formatted(format))\(review)")
        }
        for fee in order.detail.fees { Console.out("  Fee \(fee.name)  \(order.money(fee.total).formatted(format))") }
        for coupon in order.detail.coupons { Console.out("  Coupon \(coupon.code)  −\(order.money(coupon.discount).formatted(format))") }
        Console.out("Subtotal: \(order.money(record.subtotal).formatted(format))  Discount: \(order.money(record.discountTotal).formatted(format))")
        for tax in order.detail.taxes { Console.out("Tax \(tax.label) \(Words.percent(tax.ratePercent)) %: \(order.money(tax.taxTotal).formatted(format))") }
        Console.out("Total: \(order.total.formatted(format))")
        for payment in order.detail.payments {
            let cash = payment.tendered.map { " tendered \(order.money($0).formatted(format)), change \(order.money(payment.change ?? 0).formatted(format))" } ?? ""
            Console.out("Paid \(payment.method.rawValue) \(payment.amountMoney.formatted(format))\(cash)")
        }
        for entry in order.detail.outbox {
            Console.out("Outbox \(entry.kind): \(entry.state.rawValue)\(entry.lastError.map { " (\($0))" } ?? "")")
        }
    }
}
