import Hardware
import POSFoundation

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

        init(_ result: PaymentResult) {
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

    /// The JSON form of a failure.
    struct FailureReport: Encodable {
        let status: String
        let phase: String
        let resultCode: Int?
        let message: String
        let nextStep: String

        init(_ error: CardReaderError) {
            status = error.underlying == .declined || error.underlying == .aborted ? "declined" : "failed"
            phase = error.phase.rawValue
            resultCode = error.resultCode.map { Int($0.rawValue) }
            message = error.message
            nextStep = error.recoverySuggestion
        }
    }

    /// The JSON form of an unknown outcome.
    struct UnknownReport: Encodable {
        let status = "outcomeUnknown"
        let unknown: UnknownCardOutcome
    }

    static func print(_ result: PaymentResult, json: Bool) throws {
        if json { return try Console.json(PaymentReport(result)) }
        Console.out("APPROVED \(result.amount)")
        if let pan = result.maskedPAN { Console.out("Card: \(result.cardName ?? "card") \(pan)") }
        if let code = result.approvalCode { Console.out("Approval code: \(code)") }
        if let aid = result.applicationID { Console.out("AID: \(aid)") }
        if let mode = result.entryMode { Console.out("Entry: \(mode.receiptText)") }
        if let verification = result.verification { Console.out("Verification: \(verification.receiptText)") }
        if let receipt = result.receiptNumber { Console.out("Receipt number: \(receipt)") }
        if !result.slipLines.isEmpty {
            Console.out("--- terminal slip ---")
            result.slipLines.forEach(Console.out)
        }
    }

    static func print(_ unknown: UnknownCardOutcome, json: Bool) throws {
        if json { return try Console.json(UnknownReport(unknown: unknown)) }
        Console.error("the terminal did not confirm the outcome (\(unknown.reason)); the card may have been charged.")
        Console.error("Do not charge again: run `pos reader status --reader \(unknown.reader)` and check the terminal's last receipt.")
    }

    static func print(_ report: TerminalReport, json: Bool) throws {
        if json { return try Console.json(report) }
        if let status = report.terminalStatus { Console.out("Terminal status: \(status == 0 ? "ready" : "code \(status)")") }
        if let version = report.softwareVersion { Console.out("Software: \(version)") }
        if let terminalID = report.terminalID { Console.out("Terminal ID: \(terminalID)") }
        if let total = report.total { Console.out("Total: \(total)") }
        report.receiptLines.forEach(Console.out)
    }
}
