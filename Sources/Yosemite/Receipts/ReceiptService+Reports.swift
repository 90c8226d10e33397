import Foundation
import Hardware
import POSFoundation
import Storage

extension ReceiptService {
    /// Renders, stores and prints the end-of-day report of the store-time-zone day containing `day`.
    func printEndOfDay(_ day: Date, printer: String?) async throws(ReceiptError) -> ReceiptPrintOutcome {
        let context = try await context()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        let start = calendar.startOfDay(for: day)
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        let orders: [ReceiptOrderData]
        do {
            orders = try await repository.ordersData(from: start, to: end)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        let model = ReceiptComposer(context: context).endOfDay(orders, day: start, printedAt: environment.now())
        let (receipt, warnings) = try await store(model, template: .endOfDay, kind: .endOfDay, orderID: nil)
        return try await print(receipt, printer: printer, warnings: warnings)
    }

    /// The printers with their states.
    func listPrinters() async throws(ReceiptError) -> [PrinterDescription] {
        do {
            return try await environment.printers.list()
        } catch let error as PrinterError {
            throw .printFailed(error, receiptID: nil)
        } catch {
            throw .printFailed(.jobFailed(printer: "-", jobID: nil, reason: "\(error)"), receiptID: nil)
        }
    }

    /// A short page that shows the width, the code page (€, umlauts), bold and double size, a QR code and the cut.
    func printTestPage(_ printer: String) async throws(ReceiptError) -> PrintJobResult {
        let width = appSettings().receiptWidth
        let markup = """
            @center @bold @double Test page
            @center \(ReceiptMarkup.escape(printer))
            @rule
            Width: \(width) columns
            \(String(repeating: "1234567890", count: (width + 9) / 10).prefix(width))
            @row Euro and umlauts|12,50 € äöü ß
            @bold Bold text
            @rule =
            @qr pos printer test
            @cut
            """
        let document = (try? ReceiptMarkup.parse(markup)) ?? ReceiptDocument()
        return try await send(document, title: "pos test page", printer: printer)
    }
}

// MARK: - Preview before payment

extension ReceiptService {
    /// The receipt an open sale will print, rendered (not stored) at `width` (the app setting when `nil`).
    func previewSale(_ saleId: Int64, width: Int?) async throws(ReceiptError) -> ReceiptPreview {
        let detail: OrderRecordDetail
        do throws(OrderError) {
            detail = try await SaleService(environment: environment).draftOrder(saleId: saleId)
        } catch {
            throw .saleNotPriced(message: error.message, suggestion: error.recoverySuggestion)
        }
        let data = ReceiptOrderData(order: detail.order, lines: detail.lines, fees: detail.fees, coupons: detail.coupons,
                                    taxes: detail.taxes)
        let model = ReceiptComposer(context: try await context()).preview(data)
        let rendered = try renderer().render(model, with: .sale)
        return ReceiptPreview(rendered: rendered, width: width ?? appSettings().receiptWidth)
    }
}
