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
        let (orders, format, isDemo) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            (try await manager.dispatch { OrderAction.listOrders(filter: filter, reply: $0) }, settings.moneyFormat,
             await manager.isDemo)
        }
        if json {
            try Console.json(orders.map(OrderReport.init))
            return
        }
        if orders.isEmpty {
            Console.out(L10n.tr(review ? "cli.out.orders.noneToReview" : pending ? "cli.out.orders.noneWaiting" : "cli.out.orders.none"))
        }
        for order in orders {
            let server = order.record.remoteNumber.map { "  " + L10n.tr("cli.orders.out.serverNumber", ["number": $0]) } ?? ""
            Console.out("\(order.localNumber)  \(LocalTime.text(order.record.createdAt))  \(order.total.formatted(format))  \(order.syncWord(inDemo: isDemo))\(server)\(order.record.training ? "  " + L10n.tr("cli.orders.out.training") : "")")
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
        let (order, format, isDemo) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            (try await manager.dispatch { OrderAction.loadOrder(reference: reference, reply: $0) }, settings.moneyFormat,
             await manager.isDemo)
        }
        if json {
            try Console.json(OrderReport(order))
            return
        }
        let record = order.record
        Console.out(L10n.tr("cli.orders.out.order", ["number": "\(record.localNumber)", "uuid": "\(record.clientUUID)"]))
        Console.out(L10n.tr("cli.orders.out.sold", [
            // Until the store has the order there is no store status (the record keeps "pending"); it is paid here.
            "time": LocalTime.text(record.createdAt),
            "status": record.remoteId == nil ? L10n.tr("cli.orders.out.status.notInStore") : L10n.word(.orderStatus, record.status), "sync": order.syncWord(inDemo: isDemo),
        ]))
        if record.training { Console.out(L10n.tr("cli.orders.out.trainingSale")) }
        if let remoteId = record.remoteId { Console.out(L10n.tr("cli.orders.out.server", ["id": "\(remoteId)", "number": record.remoteNumber ?? "?"])) }
        if let reason = order.parkedReason { Console.out(L10n.tr("cli.orders.out.parked", ["reason": "\(reason)"])) }
        if record.hasServerTotalMismatch, let serverTotal = record.serverTotal {
            Console.out(L10n.tr("cli.orders.out.serverTotal", ["amount": order.money(serverTotal).formatted(format)]))
        }
        if let customer = record.customerId { Console.out(L10n.tr("cli.orders.out.customer", ["customer": "\(customer)"])) }
        for line in order.detail.lines {
            let review = line.manualItemCode.map {
                " — " + ($0.isEmpty ? L10n.tr("cli.orders.out.manual") : L10n.tr("cli.orders.out.manual.code", ["code": $0]))
            } ?? ""
            Console.out("  " + L10n.tr("cli.orders.out.line", [
                "quantity": "\(line.quantity)", "name": line.name, "sku": line.sku,
                "amount": order.money(line.total).formatted(format), "tax": order.money(line.totalTax).formatted(format),
            ]) + review)
        }
        for fee in order.detail.fees { Console.out("  " + L10n.tr("cli.orders.out.fee", ["name": fee.name, "amount": order.money(fee.total).formatted(format)])) }
        for coupon in order.detail.coupons { Console.out("  " + L10n.tr("cli.out.sell.coupon", ["code": coupon.code, "amount": order.money(coupon.discount).formatted(format)])) }
        Console.out(L10n.tr("cli.orders.out.subtotal", [
            "subtotal": order.money(record.subtotal).formatted(format), "discount": order.money(record.discountTotal).formatted(format),
        ]))
        for tax in order.detail.taxes {
            Console.out(L10n.tr("cli.orders.out.tax", [
                "label": tax.label, "rate": L10n.percent(tax.ratePercent), "amount": order.money(tax.taxTotal).formatted(format),
            ]))
        }
        Console.out(L10n.tr("cli.out.sell.total", ["amount": order.total.formatted(format)]))
        for payment in order.detail.payments {
            let cash = payment.tendered.map {
                " " + L10n.tr("cli.orders.out.tendered", [
                    "tendered": order.money($0).formatted(format), "change": order.money(payment.change ?? 0).formatted(format),
                ])
            } ?? ""
            Console.out(L10n.tr("cli.orders.out.paid", ["method": L10n.word(.paymentMethod, payment.method.rawValue), "amount": payment.amountMoney.formatted(format)]) + cash)
        }
        for entry in order.detail.outbox {
            Console.out(L10n.tr("cli.orders.out.outbox", ["kind": L10n.word(.outboxKind, entry.kind.rawValue), "state": L10n.word(.outboxState, entry.state.rawValue)]) + (entry.lastError.map { " (\($0))" } ?? ""))
        }
    }
}
