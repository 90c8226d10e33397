import Foundation
import Hardware
import Localization
import POSFoundation

extension ReceiptComposer {
    /// The scheme-required fields of a card result (reference/card-receipts.md): card name, masked PAN, AID,
    /// application label, entry mode, verification, approval code, MID/TID, trace and receipt numbers. The
    /// result type holds no expiry date, so none can be printed.
    func card(_ result: PaymentResult, type: String) -> ReceiptViewModel.Card {
        ReceiptViewModel.Card(
            transactionType: type,
            amount: context.format(result.amount),
            cardName: result.cardName,
            maskedPAN: result.maskedPAN?.description,
            applicationID: result.applicationID,
            applicationLabel: result.applicationName,
            entryMode: result.entryMode.map(entryModeText),
            verification: result.verification.map(verificationText),
            needsSignature: result.verification?.needsSignature ?? false,
            approvalCode: result.approvalCode,
            result: result.resultCode == .success ? context.strings.tr("receipt.card.approved")
                : context.strings.tr("receipt.card.declined", ["code": result.resultCode.hex]),
            merchantID: result.merchantID,
            terminalID: result.terminalID,
            traceNumber: result.traceNumber.map(String.init),
            receiptNumber: result.receiptNumber.map(String.init),
            terminalTime: result.timestamp.map(terminalTimeText),
            slipLines: result.slipLines,
            hasSlip: !result.slipLines.isEmpty
        )
    }

    /// The terminal's own time of the payment, written as the receipt's language writes dates.
    func terminalTimeText(_ time: TerminalTimestamp) -> String {
        switch context.language {
        case .english: time.description
        case .german:
            // "21.11.2026 14:05:12", "21.11. 14:05:12" without a year; parts that were not sent are left out.
            [time.month.flatMap { month in time.day.map { day in
                String(format: "%02d.%02d.", day, month) + (time.year.map(String.init) ?? "") } },
             time.hour.flatMap { hour in time.minute.flatMap { minute in time.second.map { second in
                 String(format: "%02d:%02d:%02d", hour, minute, second) } } }]
                .compactMap { $0 }.joined(separator: " ")
        }
    }

    /// How the card was read, in the receipt's language.
    func entryModeText(_ mode: CardEntryMode) -> String {
        switch mode {
        case .magneticStripe: context.strings.tr("receipt.entry.swiped")
        case .chip: context.strings.tr("receipt.entry.chip")
        case .contactless: context.strings.tr("receipt.entry.contactless")
        }
    }

    /// The cardholder verification statement, in the receipt's language.
    func verificationText(_ verification: CardholderVerification) -> String {
        switch verification {
        case .noVerification: context.strings.tr("receipt.verification.none")
        case .signature: context.strings.tr("receipt.verification.signature")
        case .onlinePIN, .offlinePIN: context.strings.tr("receipt.verification.pin")
        case .pinAndSignature: context.strings.tr("receipt.verification.pinAndSignature")
        }
    }
}
