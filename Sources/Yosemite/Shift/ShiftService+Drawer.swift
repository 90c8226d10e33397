import Foundation
import Hardware
import Localization
import Logging
import POSFoundation
import Storage

extension ShiftService {
    /// "No sale": kicks the drawer through the receipt printer with a short NO SALE slip, then logs the open in the
    /// shift. The kick comes first so the log counts only drawers that opened; a kick that fails logs nothing.
    func openDrawer(reason: String, printer: String?, approval: ManagerApproval?) async throws(ShiftError) -> DrawerOpenOutcome {
        let store = try await storeSettings()
        // With cashiers set up, a manager approves (checked and recorded) before the drawer is kicked.
        let cashiers = CashierService(environment: environment)
        let approved: ApprovalRecord?
        do {
            approved = try await cashiers.approve(approval, .noSale, reference: reason.isEmpty ? "no sale" : reason)
        } catch {
            throw .cashier(error)
        }
        let cashier = await cashiers.cashierName()
        let approvedBy = approved?.managerName
        let now = environment.now()
        let context = try? await receipts.context()
        let when = context.map { let (day, time) = $0.dateAndTime(now); return "\(day) \(time)" } ?? now.description
        // The slip is paper, in the paper language as receipts are.
        let paper = Strings.of(context?.language ?? receipts.appSettings().paperLanguage(store: store))
        var lines = ["@center @bold @double " + ReceiptMarkup.escape(paper.tr("drawer.slip.title")),
                     "@center " + ReceiptMarkup.escape(paper.tr("drawer.slip.opened", ["when": when]))]
        if !cashier.isEmpty { lines.append("@center " + ReceiptMarkup.escape(paper.tr("drawer.slip.cashier", ["cashier": cashier]))) }
        if !reason.isEmpty { lines.append("@center " + ReceiptMarkup.escape(paper.tr("drawer.slip.reason", ["reason": reason]))) }
        if let name = approvedBy { lines.append("@center " + ReceiptMarkup.escape(paper.tr("drawer.slip.approvedBy", ["manager": name]))) }
        lines += ["@drawer", "@cut"]
        let document: ReceiptDocument
        do { document = try ReceiptMarkup.parse(lines.joined(separator: "\n")) } catch { throw .drawerFailed("\(error)") }
        let job: PrintJobResult
        do {
            job = try await receipts.send(document, title: "No sale", printer: printer ?? receipts.appSettings().printerName)
        } catch {
            throw .drawerFailed(error.message)
        }
        let printed = L10n.tr("shift.print.job", ["printer": job.printerName, "job": String(job.jobID)])
        let result = try await storage {
            try await environment.database.recordDrawerOpening(
                cashier: cashier, reason: reason, printer: job.printerName, approvedBy: approvedBy,
                currency: store.currency, at: now)
        }
        if let shift = result.openedShiftId {
            environment.logger.notice("no sale: no shift was open; the drawer open opened shift \(shift) with float 0")
        }
        // A no sale is a Vorgang at the till: the TSE signs it (AVSonstige); it never stops the drawer.
        if let id = result.opening.id {
            await FiscalCheckout(environment: environment).drawerOpened(reference: "drawer-\(id)",
                                                                       shiftId: result.opening.shiftId)
        }
        let count = try await storage { try await environment.database.drawerOpenings(shiftId: result.opening.shiftId).count }
        return DrawerOpenOutcome(shiftId: result.opening.shiftId, openedShiftId: result.openedShiftId, countInShift: count,
                                 printed: printed, printer: job.printerName, jobId: job.jobID, openedAt: now)
    }
}
