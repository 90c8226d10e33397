import Foundation
import Hardware
import Logging
import POSFoundation
import Storage

extension ReceiptService {
    /// Issues a stored receipt the moment its transaction completed: prints it when the register prints by itself
    /// (``AppSettings/printReceipts``, on unless turned off) and opens the drawer when cash moved, through the
    /// receipt's own bytes when it printed, else on its own. Never throws: the transaction is complete and the
    /// receipt stored; what failed is on the receipt row (`lastPrintError`) and in the answer.
    func issue(_ record: ReceiptRecord, kickDrawer: Bool) async -> IssuedReceipt {
        var printing = IssuedReceipt.Printing.off
        var kickedByReceipt = false
        if appSettings().printReceipts ?? true {
            do {
                let outcome = try await print(record, printer: nil)
                printing = .printed(printer: outcome.job.printerName)
                kickedByReceipt = outcome.raw
            } catch {
                printing = .failed(reason: "\(error.message) \(error.recoverySuggestion)")
            }
        }
        var drawerOpened = false
        if kickDrawer {
            if kickedByReceipt {
                // The receipt's ESC/POS bytes carry the kick.
                drawerOpened = true
            } else if case .printed = printing {
                // Printed on an office printer or to a file: no drawer hangs off it.
            } else {
                // Nothing printed (off, or the printer failed): the kick on its own, to the receipt printer.
                do {
                    let job = try await sendRaw([.drawerKick(.pin2)], title: "Open cash drawer", printer: nil)
                    drawerOpened = job
                } catch {
                    environment.logger.notice("receipt \(record.id ?? 0): the drawer could not be opened: \(error.message)")
                }
            }
        }
        return IssuedReceipt(receiptID: record.id ?? 0, printing: printing, drawerOpened: drawerOpened)
    }

    /// Sends `document` only to a receipt printer on a raw queue (a drawer kick means nothing to an office
    /// printer or a file); answers whether it was sent.
    func sendRaw(_ document: ReceiptDocument, title: String, printer name: String?) async throws(ReceiptError) -> Bool {
        let resolved: (any ReceiptPrinter, PrinterDescription)
        do { resolved = try await resolvePrinter(name) } catch { throw .printFailed(error, receiptID: nil) }
        guard resolved.1.isRaw else { return false }
        _ = try await send(document, title: title, to: resolved, named: name)
        return true
    }

    /// Renders, stores and issues a completed sale's receipt (and its card slips, stored for reprint).
    func issueSale(orderId: Int64, kickDrawer: Bool) async -> IssuedReceipt? {
        do {
            let (record, _) = try await generateSale(try await orderData(id: orderId))
            return await issue(record, kickDrawer: kickDrawer)
        } catch {
            environment.logger.error("receipt: order \(orderId)'s receipt could not be stored: \(error.message)")
            return nil
        }
    }

    /// Renders and stores a refund's receipt (with the TSE block of the refund's own transaction).
    func generateRefund(_ reference: String, amount: Money, reason: String?, card: PaymentResult?) async throws(ReceiptError) -> ReceiptRecord {
        try await generateRefund(try await orderData(reference), amount: amount, reason: reason, card: card)
    }

    private func generateRefund(_ data: ReceiptOrderData, amount: Money, reason: String?, card: PaymentResult?) async throws(ReceiptError) -> ReceiptRecord {
        let fiscal = try await refundFiscal(orderID: data.order.id, amount: amount)
        let model = ReceiptComposer(context: try await context())
            .refund(data, amount: amount, reason: reason, card: card, fiscal: fiscal)
        return try await store(model, template: .refund, kind: .refund, orderID: data.order.id).0
    }

    /// Renders, stores and issues a refund's receipt; the drawer opens when asked (the checkout asks for cash going
    /// back).
    func issueRefund(orderId: Int64, amount: Money, card: PaymentResult?, kickDrawer: Bool) async -> IssuedReceipt? {
        do {
            let record = try await generateRefund(try await orderData(id: orderId), amount: amount, reason: nil, card: card)
            return await issue(record, kickDrawer: kickDrawer)
        } catch {
            environment.logger.error("receipt: order \(orderId)'s refund receipt could not be stored: \(error.message)")
            return nil
        }
    }
}
