import Foundation
import Hardware
import Logging
import POSFoundation
import Storage

extension ReceiptService {
    /// The printer a receipt goes to and whether it takes raw ESC/POS; checks the print system first, so a
    /// stopped scheduler, an unknown queue or a stopped printer fail before anything is sent.
    func resolvePrinter(_ name: String?) async throws(PrinterError) -> (any ReceiptPrinter, PrinterDescription) {
        let chosen = name ?? appSettings().printerName
        let printer: any ReceiptPrinter
        let description: PrinterDescription
        do {
            printer = try await environment.printers.printer(chosen)
            description = try await printer.status()
        } catch let error as PrinterError {
            throw error
        } catch {
            throw .jobFailed(printer: chosen ?? "default", jobID: nil, reason: String(describing: error))
        }
        if let problem = description.problem { throw problem }
        return (printer, description)
    }

    /// Prints a stored receipt, as it is or with a copy banner, and saves the print state whatever happens.
    func print(
        _ receipt: ReceiptRecord, printer name: String?, copyMark: String? = nil, warnings: [ReceiptTemplateError] = []
    ) async throws(ReceiptError) -> ReceiptPrintOutcome {
        var receipt = receipt
        let title = receipt.orderId.map { "Receipt \(receipt.kind.rawValue) order \($0)" } ?? "Receipt \(receipt.kind.rawValue)"
        do {
            let (printer, description) = try await resolvePrinter(name)
            receipt.printer = description.name
            receipt.printState = .printing
            try? await repository.update(receipt)
            let job = Self.job(for: receipt, title: title, raw: description.isRaw, copyMark: copyMark)
            let result = try await printer.print(job)
            receipt.printState = .printed
            receipt.printedAt = environment.now()
            receipt.lastPrintError = nil
            if copyMark != nil { receipt.reprintCount += 1 }
            try? await repository.update(receipt)
            return ReceiptPrintOutcome(receipt: receipt, job: PrintJobOutcome(result), warnings: warnings, raw: description.isRaw)
        } catch {
            let printerError = (error as? PrinterError)
                ?? .jobFailed(printer: name ?? "default", jobID: nil, reason: String(describing: error))
            environment.logger.notice("printing receipt \(receipt.id ?? 0) failed: \(printerError.message)")
            // A reprint that failed leaves the original's state alone: it was printed before.
            if copyMark == nil {
                receipt.printState = .failed
                receipt.lastPrintError = printerError.message
                try? await repository.update(receipt)
            }
            throw .printFailed(printerError, receiptID: receipt.id)
        }
    }

    /// The job for a stored receipt: its ESC/POS bytes on a raw queue, its text elsewhere; a copy gets a
    /// banner and the stored text verbatim.
    static func job(for receipt: ReceiptRecord, title: String, raw: Bool, copyMark: String?) -> PrintJob {
        if let copyMark {
            let markup = """
                @center @bold @double \(ReceiptMarkup.escape(copyMark))
                @verbatim
                \(ReceiptMarkup.escape(receipt.renderedText.trimmingCharacters(in: .newlines), keepingLineBreaks: true))
                @end
                @center @bold \(ReceiptMarkup.escape(copyMark))
                @cut
                """
            let document = (try? ReceiptMarkup.parse(markup)) ?? ReceiptDocument()
            let data = raw
                ? ESCPOSEncoder(profile: profile(width: receipt.width)).encode(document, width: receipt.width)
                : PlainTextEncoder().encode(document, width: receipt.width)
            return PrintJob(title: title + " (\(copyMark.lowercased()))", data: data, format: raw ? .raw : .plainText)
        }
        if raw, let bytes = receipt.escposBytes {
            return PrintJob(title: title, data: [UInt8](bytes), format: .raw)
        }
        return PrintJob(title: title, data: Array(receipt.renderedText.utf8), format: .plainText)
    }

    /// Reprints an order's sale receipt: COPY (DUPLICATE for a card slip) when it was printed before, as it is
    /// when it never was (the print had failed).
    func reprint(_ reference: String, printer: String?, kind: ReceiptRecord.Kind = .sale) async throws(ReceiptError) -> ReceiptPrintOutcome {
        guard let receipt = try await latest(reference, kind: kind) else { throw .noReceipt(order: reference) }
        return try await reprint(receipt, printer: printer)
    }

    /// Reprints one stored receipt: COPY, or DUPLICATE for a card slip; as it is when it never printed.
    func reprint(_ receipt: ReceiptRecord, printer: String?) async throws(ReceiptError) -> ReceiptPrintOutcome {
        if receipt.printedAt == nil {
            return try await print(receipt, printer: printer)
        }
        let mark = receipt.kind == .cardSlip ? "DUPLICATE" : "COPY"
        return try await print(receipt, printer: printer, copyMark: mark)
    }

    /// Prints the sale receipt of an order, generating it first when none is stored.
    func printOrder(_ reference: String, printer: String?) async throws(ReceiptError) -> ReceiptPrintOutcome {
        if let receipt = try await latestSale(reference) {
            return receipt.printedAt == nil ? try await print(receipt, printer: printer)
                : try await reprint(reference, printer: printer)
        }
        let (receipt, warnings) = try await generateSale(reference)
        return try await print(receipt, printer: printer, warnings: warnings)
    }

    /// A raw document sent straight to the printer (drawer kick, test page).
    func send(_ document: ReceiptDocument, title: String, printer name: String?) async throws(ReceiptError) -> PrintJobResult {
        let resolved: (any ReceiptPrinter, PrinterDescription)
        do { resolved = try await resolvePrinter(name) } catch { throw .printFailed(error, receiptID: nil) }
        return try await send(document, title: title, to: resolved, named: name)
    }

    /// A raw document sent to a printer already resolved (`named` as the caller asked for it).
    func send(
        _ document: ReceiptDocument, title: String, to resolved: (any ReceiptPrinter, PrinterDescription), named name: String?
    ) async throws(ReceiptError) -> PrintJobResult {
        let (printer, description) = resolved
        do {
            let width = appSettings().receiptWidth
            let data = description.isRaw
                ? ESCPOSEncoder(profile: Self.profile(width: width)).encode(document, width: width)
                : PlainTextEncoder().encode(document, width: width)
            return try await printer.print(PrintJob(title: title, data: data, format: description.isRaw ? .raw : .plainText))
        } catch let error as PrinterError {
            throw .printFailed(error, receiptID: nil)
        } catch {
            throw .printFailed(.jobFailed(printer: name ?? "default", jobID: nil, reason: "\(error)"), receiptID: nil)
        }
    }
}
