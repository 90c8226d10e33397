import Hardware
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
            entryMode: result.entryMode?.receiptText,
            verification: result.verification?.receiptText,
            needsSignature: result.verification?.needsSignature ?? false,
            approvalCode: result.approvalCode,
            result: result.resultCode == .success ? "APPROVED" : "DECLINED (\(result.resultCode.hex))",
            merchantID: result.merchantID,
            terminalID: result.terminalID,
            traceNumber: result.traceNumber.map(String.init),
            receiptNumber: result.receiptNumber.map(String.init),
            terminalTime: result.timestamp?.description,
            slipLines: result.slipLines,
            hasSlip: !result.slipLines.isEmpty
        )
    }
}
