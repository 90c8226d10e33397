import Foundation
import Hardware
import POSFoundation
import Storage

/// Receipts: composes them from stored orders and card results, renders them through the templates (a
/// merchant's `<data dir>/templates` wins over the bundled ones), stores every one before printing, and prints
/// through the environment's ``PrinterSystem``.
@MainActor
public final class ReceiptStore: Store, ActionsProcessor {
    private var service: ReceiptService { ReceiptService(environment: environment) }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: ReceiptAction) async throws(ReceiptError) -> Replied {
        let service = service
        switch action {
        case .generate(let order, let reply):
            return reply(try await service.generateSale(order).0)
        case .generateRefund(let order, let amount, let reason, let card, let reply):
            return reply(try await service.generateRefund(order, amount: amount, reason: reason, card: card))
        case .generateReversal(let order, let card, let reply):
            return reply(try await Self.run { () async throws(ReceiptError) in
                let data = try await service.orderData(order)
                let model = ReceiptComposer(context: try await service.context()).reversal(data, card: card)
                return try await service.store(model, template: .reversal, kind: .reversal, orderID: data.order.id).0
            })
        case .preview(let order, let width, let reply):
            return reply(try await Self.run { () async throws(ReceiptError) in
                let data = try await service.orderData(order)
                let model = ReceiptComposer(context: try await service.context()).sale(data)
                let rendered = try service.renderer().render(model, with: .sale)
                return ReceiptPreview(rendered: rendered, width: width ?? service.appSettings().receiptWidth)
            })
        case .previewSale(let saleId, let width, let reply):
            return reply(try await service.previewSale(saleId, width: width))
        case .print(let receiptID, let printer, let reply):
            return reply(try await service.print(try await service.storedReceipt(receiptID), printer: printer))
        case .printOrder(let order, let printer, let reply):
            return reply(try await service.printOrder(order, printer: printer))
        case .reprint(let order, let printer, let refund, let reply):
            return reply(try await service.reprint(order, printer: printer, kind: refund ? .refund : .sale))
        case .reprintReceipt(let receiptID, let printer, let reply):
            return reply(try await service.reprint(try await service.storedReceipt(receiptID), printer: printer))
        case .orderData(let order, let reply):
            return reply(try await service.orderData(order))
        case .listReceipts(let order, let reply):
            return reply(try await service.receipts(order))
        case .printEndOfDay(let day, let printer, let reply):
            return reply(try await service.printEndOfDay(day, printer: printer))
        case .openDrawer(let printer, let reply):
            return reply(PrintJobOutcome(try await service.send([.drawerKick(.pin2)], title: "Open cash drawer", printer: printer)))
        case .listPrinters(let reply):
            return reply(try await service.listPrinters().map(PrintQueue.init))
        case .printTestPage(let printer, let reply):
            return reply(PrintJobOutcome(try await service.printTestPage(printer)))
        }
    }

    /// Runs a composition of several steps off the main actor.
    private nonisolated static func run<Value: Sendable>(
        _ work: @Sendable () async throws(ReceiptError) -> Value
    ) async throws(ReceiptError) -> Value {
        try await work()
    }
}
