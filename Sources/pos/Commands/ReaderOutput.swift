import Hardware
import Localization
import POSFoundation
import Yosemite

/// How reader results are printed: human lines or `--json`. Only the masked PAN ever appears.
enum ReaderOutput {
    /// The JSON form of an approved result.
    struct PaymentReport: Encodable {
        let status = "approved"
        let amount: String
        let currency: String
        let maskedPAN: String?
        let cardName: String?
        let approvalCode: String?
        let applicationID: String?
        let entryMode: String?
        let verification: String?
        let receiptNumber: Int?
        let traceNumber: Int?
        let terminalID: String?
        let slipLines: [String]
        /// The journal row (`pos reader pay|refund|reverse`).
        let attemptId: String?

        init(_ result: PaymentResult, attemptId: String? = nil) {
            self.attemptId = attemptId
            amount = result.amount.decimalString
            currency = result.amount.currency.code
            maskedPAN = result.maskedPAN?.description
            cardName = result.cardName
            approvalCode = result.approvalCode
            applicationID = result.applicationID
            entryMode = result.entryMode?.rawValue
            verification = result.verification?.rawValue
            receiptNumber = result.receiptNumber
            traceNumber = result.traceNumber
            terminalID = result.terminalID
            slipLines = result.slipLines
        }
    }

    /// The JSON form of a failed journalled operation.
    /// A terminal operation's failure with `--json`: codes only (the status, the table's exit code, the journal
    /// row to resolve); what happened and what to do are on standard error, in the screen's language.
    struct FailureReport: Encodable {
        let status: String
        let exitCode: Int32
        let attemptId: String?

        init(_ error: CardPaymentError, exitCode: Int32) {
            switch error {
            case .declined: status = "declined"
            case .outcomeUnknown: status = "outcomeUnknown"
            case .unresolvedAttempt: status = "unresolvedAttempt"
            case .readerBusy: status = "readerBusy"
            default: status = "failed"
            }
            switch error {
            case .outcomeUnknown(let id, _), .unresolvedAttempt(let id, _): attemptId = id
            case .readerBusy(_, let holder): attemptId = holder?.attemptId
            default: attemptId = nil
            }
            self.exitCode = exitCode
        }
    }

    static func print(_ result: PaymentResult, attemptId: String? = nil, json: Bool) throws {
        if json { return try Console.json(PaymentReport(result, attemptId: attemptId)) }
        Console.out(L10n.tr("cli.reader.out.approved", ["amount": AmountArgument.screenText(result.amount)]))
        if let attemptId { Console.out(L10n.tr("cli.reader.out.journalled", ["attempt": attemptId])) }
        if let pan = result.maskedPAN { Console.out(L10n.tr("cli.reader.out.card", ["card": result.cardName ?? L10n.tr("cli.reader.out.card.unnamed"), "pan": "\(pan)"])) }
        if let code = result.approvalCode { Console.out(L10n.tr("cli.reader.out.approvalCode", ["code": code])) }
        if let aid = result.applicationID { Console.out(L10n.tr("cli.reader.out.aid", ["aid": aid])) }
        if let mode = result.entryMode { Console.out(L10n.tr("cli.reader.out.entry", ["mode": mode.receiptText])) }
        if let verification = result.verification { Console.out(L10n.tr("cli.reader.out.verification", ["verification": verification.receiptText])) }
        if let receipt = result.receiptNumber { Console.out(L10n.tr("cli.reader.out.receiptNumber", ["receipt": String(receipt)])) }
        if !result.slipLines.isEmpty {
            Console.out(L10n.tr("cli.reader.out.slip"))
            result.slipLines.forEach(Console.out)
        }
    }

    /// A refund or reversal on the terminal (a cash refund has no terminal result).
    static func print(_ refund: CardRefund, json: Bool) throws {
        guard let result = refund.card else {
            if json { return try Console.json(["status": "approved", "amount": refund.amount.decimalString]) }
            return Console.out(L10n.tr("cli.reader.out.refundedCash", ["amount": AmountArgument.screenText(refund.amount)]))
        }
        try print(result, attemptId: refund.attemptId, json: json)
        if refund.outboxEntryId != nil, !json { Console.out(L10n.tr("cli.reader.out.refundWaits")) }
    }

    /// An end of day as the store reported it, printed as the terminal's report (the same text and JSON).
    static func print(_ report: TerminalBatchReport, json: Bool) throws {
        try print(TerminalReport(total: report.total, terminalID: report.terminalID, softwareVersion: report.softwareVersion,
                                 terminalStatus: report.terminalStatus, receiptLines: report.receiptLines), json: json)
        guard !json else { return }
        // The batch's count and its split per card brand, when the terminal sends them (ZVT BMP 60).
        if let count = report.count { Console.out(L10n.tr("cli.reader.out.transactions", ["count": String(count)])) }
        for brand in report.cardTotals {
            let amount = report.total.map { AmountArgument.screenText(Money(minorUnits: brand.amount, currency: $0.currency)) } ?? String(brand.amount)
            Console.out("  \(brand.brand): \(brand.count), \(amount)")
        }
    }

    static func print(_ report: TerminalReport, json: Bool) throws {
        if json { return try Console.json(report) }
        if let status = report.terminalStatus { Console.out(L10n.tr("cli.reader.out.terminalStatus", ["status": status == 0 ? L10n.tr("cli.reader.out.terminalStatus.ready") : L10n.tr("cli.reader.out.terminalStatus.code", ["code": String(status)])])) }
        if let version = report.softwareVersion { Console.out(L10n.tr("cli.reader.out.software", ["version": version])) }
        if let terminalID = report.terminalID { Console.out(L10n.tr("cli.reader.out.terminalID", ["id": terminalID])) }
        if let total = report.total { Console.out(L10n.tr("cli.reader.out.total", ["total": "\(total)"])) }
        report.receiptLines.forEach(Console.out)
    }
}
