import Foundation
import Hardware
import Localization
@testable import Yosemite

/// Renders the reference receipts with the bundled templates: the samples in `Receipts/samples/`.
enum ReceiptSampleRendering {
    static let widths = [32, 42, 48]

    /// The repository's `Receipts/` folder.
    static let receiptsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Receipts")

    /// Every sample: file name stem and rendered receipt.
    static func samples(language: Language = .english) throws -> [(name: String, receipt: RenderedReceipt)] {
        let renderer = ReceiptRenderer(templates: try ReceiptTemplateSet(
            overrideDirectory: nil, bundledDirectory: receiptsFolder.appendingPathComponent("templates")
        ))
        let composer = ReceiptComposer(context: ReceiptSamples.context(language: language))
        let card = ReceiptSamples.sale(card: true)
        let cash = ReceiptSamples.sale(card: false)
        let slip = ReceiptSamples.cardResult()
        var terminalSlip = slip
        terminalSlip.slipLines = ["      TERMINAL SLIP", "Debit Mastercard", "************0010", "AID A0000000041010",
                                  "EUR 17,50", "   APPROVED @ 14:05"]
        let refundCard = ReceiptSamples.cardResult(amount: 510)
        var signed = card
        signed.fiscal = .signed(fiscalSignature)
        var outage = cash
        outage.fiscal = .failed(cause: "no answer from fiskaly in 10 s")
        return [
            ("sale-card", try renderer.render(composer.sale(card), with: .sale)),
            ("sale-cash", try renderer.render(composer.sale(cash), with: .sale)),
            ("sale-cash-copy", try renderer.render(composer.sale(cash, copy: true), with: .sale)),
            ("refund", try renderer.render(composer.refund(card, amount: refundCard.amount, reason: "Croissants were stale",
                                                           card: refundCard), with: .refund)),
            ("reversal", try renderer.render(composer.reversal(card, card: slip), with: .reversal)),
            ("card-slip", try renderer.render(composer.cardSlip(card, card: slip), with: .cardSlip)),
            ("card-slip-terminal", try renderer.render(composer.cardSlip(card, card: terminalSlip, copy: true), with: .cardSlip)),
            ("sale-tse", try renderer.render(composer.sale(signed), with: .sale)),
            ("sale-tse-copy", try renderer.render(composer.sale(signed, copy: true), with: .sale)),
            ("sale-tse-outage", try renderer.render(composer.sale(outage), with: .sale)),
            ("end-of-day", try renderer.render(composer.endOfDay([card, cash], day: ReceiptSamples.saleDate,
                                                                 printedAt: ReceiptSamples.saleDate.addingTimeInterval(8 * 3600)),
                                               with: .endOfDay)),
        ]
    }

    /// A fixed TSE answer for the samples (the values are illustrative; the demo's are real and verified in
    /// FiscalTests).
    static let fiscalSignature: FiscalSignature = {
        let start = Date(timeIntervalSince1970: 1_795_266_240), end = Date(timeIntervalSince1970: 1_795_266_300)
        let signature = String(repeating: "MEUCIQDxq3Xo9yZ0AbCdEfGhIjKlMnOpQrStUvWxYz0123456789+/", count: 2) + "AAAA"
        let publicKey = "BPy2h1r1cZ5eX4j3a7fKqL0mN9oP8qR7sT6uV5wX4yZ3aB2cD1eF0gH9iJ8kL7mN6oP5qR4sT3uV2wX1yZ0aB9cD8eF7gH6iJ5kL4mN3oP2qR1sT0uV9wX8yZ7aB6cD5eF4gH3iJ2kL1mN0oP=="
        let processData = "Beleg^17.50_0.00_0.00_0.00_0.00^17.50:Unbar"
        let qr = FiscalQRCode(registerSerial: "TILL-1", processData: processData, transactionNumber: 1042,
                              signatureCounter: 2085, startTime: start, logTime: end, algorithm: "ecdsa-plain-SHA384",
                              timeFormat: "unixTime", signature: signature, publicKey: publicKey)
        return FiscalSignature(
            transactionNumber: 1042, signatureCounter: 2085, startTime: start, endTime: end,
            algorithm: "ecdsa-plain-SHA384", timeFormat: "unixTime", signature: signature, publicKey: publicKey,
            tseSerial: "6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b", clientSerial: "TILL-1",
            processType: "Kassenbeleg-V1", processData: processData, qrCodeData: qr.text, isSimulated: false)
    }()
}
