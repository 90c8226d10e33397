import Foundation
import Hardware
@testable import Yosemite

/// Renders the reference receipts with the bundled templates: the samples in `Receipts/samples/`.
enum ReceiptSampleRendering {
    static let widths = [32, 42, 48]

    /// The repository's `Receipts/` folder.
    static let receiptsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Receipts")

    /// Every sample: file name stem and rendered receipt.
    static func samples() throws -> [(name: String, receipt: RenderedReceipt)] {
        let renderer = ReceiptRenderer(templates: try ReceiptTemplateSet(
            overrideDirectory: nil, bundledDirectory: receiptsFolder.appendingPathComponent("templates")
        ))
        let composer = ReceiptComposer(context: ReceiptSamples.context)
        let card = ReceiptSamples.sale(card: true)
        let cash = ReceiptSamples.sale(card: false)
        let slip = ReceiptSamples.cardResult()
        var terminalSlip = slip
        terminalSlip.slipLines = ["      TERMINAL SLIP", "Debit Mastercard", "************0010", "AID A0000000041010",
                                  "EUR 17,50", "   APPROVED @ 14:05"]
        let refundCard = ReceiptSamples.cardResult(amount: 510)
        return [
            ("sale-card", try renderer.render(composer.sale(card), with: .sale)),
            ("sale-cash", try renderer.render(composer.sale(cash), with: .sale)),
            ("sale-cash-copy", try renderer.render(composer.sale(cash, copy: true), with: .sale)),
            ("refund", try renderer.render(composer.refund(card, amount: refundCard.amount, reason: "Croissants were stale",
                                                           card: refundCard), with: .refund)),
            ("reversal", try renderer.render(composer.reversal(card, card: slip), with: .reversal)),
            ("card-slip", try renderer.render(composer.cardSlip(card, card: slip), with: .cardSlip)),
            ("card-slip-terminal", try renderer.render(composer.cardSlip(card, card: terminalSlip, copy: true), with: .cardSlip)),
            ("end-of-day", try renderer.render(composer.endOfDay([card, cash], day: ReceiptSamples.saleDate,
                                                                 printedAt: ReceiptSamples.saleDate.addingTimeInterval(8 * 3600)),
                                               with: .endOfDay)),
        ]
    }
}
