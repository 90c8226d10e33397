import Foundation
import Hardware
import POSFoundation
import Storage

/// Receipts: composes them from stored orders and card results, renders them through the templates (a
/// merchant's `<data dir>/templates` wins over the bundled ones), stores every one before printing, and prints
/// through the environment's ``PrinterSystem``.
@MainActor
public final class ReceiptStore: Store {
    private var service: ReceiptService { ReceiptService(environment: environment) }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: ReceiptAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? ReceiptAction else {
            preconditionFailure("ReceiptStore received \(type(of: action))")
        }
        let service = service
        switch action {
        case .generate(let order, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in try await service.generateSale(order).0 }
        case .generateRefund(let order, let amount, let reason, let card, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in
                let data = try await service.orderData(order)
                let fiscal = try await service.refundFiscal(orderID: data.order.id, amount: amount)
                let model = ReceiptComposer(context: try await service.context())
                    .refund(data, amount: amount, reason: reason, card: card, fiscal: fiscal)
                return try await service.store(model, template: .refund, kind: .refund, orderID: data.order.id).0
            }
        case .generateReversal(let order, let card, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in
                let data = try await service.orderData(order)
                let model = ReceiptComposer(context: try await service.context()).reversal(data, card: card)
                return try await service.store(model, template: .reversal, kind: .reversal, orderID: data.order.id).0
            }
        case .preview(let order, let width, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in
                let data = try await service.orderData(order)
                let model = ReceiptComposer(context: try await service.context()).sale(data)
                let rendered = try service.renderer().render(model, with: .sale)
                return ReceiptPreview(rendered: rendered, width: width ?? service.appSettings().receiptWidth)
            }
        case .previewSale(let saleId, let width, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in try await service.previewSale(saleId, width: width) }
        case .print(let receiptID, let printer, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in
                try await service.print(try await service.storedReceipt(receiptID), printer: printer)
            }
        case .printOrder(let order, let printer, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in try await service.printOrder(order, printer: printer) }
        case .reprint(let order, let printer, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in try await service.reprint(order, printer: printer) }
        case .reprintReceipt(let receiptID, let printer, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in
                try await service.reprint(try await service.storedReceipt(receiptID), printer: printer)
            }
        case .listReceipts(let order, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in try await service.receipts(order) }
        case .printEndOfDay(let day, let printer, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in try await service.printEndOfDay(day, printer: printer) }
        case .openDrawer(let printer, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in
                PrintJobOutcome(try await service.send([.drawerKick(.pin2)], title: "Open cash drawer", printer: printer))
            }
        case .listPrinters(let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in try await service.listPrinters().map(PrintQueue.init) }
        case .printTestPage(let printer, let onCompletion):
            run(onCompletion) { () async throws(ReceiptError) in PrintJobOutcome(try await service.printTestPage(printer)) }
        }
    }

    private func run<Value: Sendable>(
        _ onCompletion: @escaping @Sendable (Result<Value, ReceiptError>) -> Void,
        _ work: @escaping @Sendable () async throws(ReceiptError) -> Value
    ) {
        Task {
            do throws(ReceiptError) {
                onCompletion(.success(try await work()))
            } catch {
                onCompletion(.failure(error))
            }
        }
    }
}
