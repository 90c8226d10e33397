import ArgumentParser
import Foundation
import Hardware
import Localization
import POSFoundation
import Yosemite

/// `pos refund ORDER`: refunds a paid order, to the card on the terminal for card orders, in cash otherwise, and
/// queues the WooCommerce refund record for `pos sync`.
struct RefundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund",
        abstract: L10n.tr("cli.refund.abstract"),
        discussion: L10n.tr("cli.refund.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions
    @Argument(help: .tr("cli.refund.order.help")) var order: String
    @Option(help: .tr("cli.refund.amount.help")) var amount: String?
    @Option(help: .tr("cli.common.reader.help")) var reader: String?
    @Option(help: .tr("cli.common.manager.pin.help"))
    var manager: String?
    @Flag(help: .tr("cli.common.json.help")) var json = false

    @MainActor
    func run() async throws {
        let approval = try PinPrompt.approval(manager)
        let (refund, format, orderNumber) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            var money: Money?
            if let amount {
                money = try AmountArgument.parse(amount, currency: settings.currency,
                                                 separators: settings.moneyFormat.separators) {
                    L10n.tr("cli.error.refundAmount", ["amount": "\(amount)", "code": "\(settings.currency.code)"])
                }
            }
            let found = try await manager.dispatch { OrderAction.loadOrder(reference: order, reply: $0) }
            let chosen = await CardCommandSupport.reader(reader, manager: manager)
            do {
                let refund = try await manager.dispatch {
                    CardPresentPaymentAction.refund(orderId: found.id, amount: money, reader: chosen, approval: approval,
                                                    prompts: CardCommandSupport.printPrompt, reply: $0)
                }
                return (refund, settings.moneyFormat, found.localNumber)
            } catch let error as CardPaymentError {
                throw CardCommandSupport.fail(error)
            }
        }
        if json { return try Console.json(RefundJSON(refund, order: orderNumber)) }
        Console.out(L10n.tr(refund.card == nil ? "cli.out.refund.cash" : "cli.out.refund.card", ["amount": refund.amount.formatted(format)]))
        SellCommand.printReceiptNote(refund.receipt, order: orderNumber, refund: true)
    }
}

/// The `--json` shape of `pos refund`. Stable: scripts read it. Machine fields only: the order, the amount as a
/// decimal string in `currency`, how it was paid back ("cash" or "card", with the terminal's trace number), the
/// refund receipt's id and whether it printed ("printed", "stored" or "failed").
struct RefundJSON: Encodable {
    var order: Int64
    var amount: String
    var currency: String
    var method: String
    var traceNumber: Int?
    var outboxEntryId: Int64?
    var receiptId: Int64?
    var receiptPrinting: String?

    init(_ refund: CardRefund, order: Int64) {
        self.order = order
        amount = refund.amount.decimalString
        currency = refund.amount.currency.code
        method = refund.card == nil ? "cash" : "card"
        traceNumber = refund.card?.traceNumber
        outboxEntryId = refund.outboxEntryId
        receiptId = refund.receipt?.receiptID
        receiptPrinting = refund.receipt.map {
            switch $0.printing {
            case .printed: "printed"
            case .off: "stored"
            case .failed: "failed"
            }
        }
    }
}
