import Foundation
import FuzzSupport
import Hardware
import POSFoundation
import Storage
import Yosemite

/// The bundled templates, loaded once per process.
private let renderer: ReceiptRenderer? = (try? ReceiptTemplateSet(overrideDirectory: nil)).map(ReceiptRenderer.init)

/// libFuzzer entry: hostile order data decoded from the input is composed into a sale, refund, reversal or card
/// slip, rendered through the bundled template, and encoded as plain text and ESC/POS at 32, 42 or 48 columns.
///
/// Invariants: the bundled templates always render valid markup (data never becomes a directive); every plain
/// text line fits the width in display cells; plain text holds no control characters; the ESC/POS output holds
/// only the encoder's own commands (no control byte from data); one cut, one drawer kick and one QR code at most.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReceipt(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let renderer else {
        fuzzCheck(false, "the bundled receipt templates do not load")
        return 0
    }
    var input = FuzzInput(data, size)
    HostileText.startInput()
    let kindByte = input.byte()
    let kind = kindByte % 4
    let (order, context) = HostileOrder.make(&input, kind: kindByte)
    let composer = ReceiptComposer(context: context)
    let card = order.cardResults[1] ?? PaymentResult(amount: Money(minorUnits: 100, currency: order.order.currency))
    let (model, template): (ReceiptViewModel, ReceiptTemplateName) = switch kind {
    case 0: (composer.sale(order, copy: input.bool()), .sale)
    case 1: (composer.refund(order, amount: Money(minorUnits: HostileText.amount(&input), currency: order.order.currency),
                              reason: HostileText.make(&input), card: order.cardResults[1]), .refund)
    case 2: (composer.reversal(order, card: card), .reversal)
    default: (composer.cardSlip(order, card: card, type: HostileText.make(&input)), .cardSlip)
    }
    let rendered: RenderedReceipt
    do {
        rendered = try renderer.render(model, with: template)
    } catch {
        fuzzCheck(false, "a bundled template rendered invalid markup from hostile data: \(error)")
        return 0
    }
    ReceiptFuzzChecks.document(rendered.document)
    // One width per input (chosen by the kind byte's high bits; a 10,000-line receipt by its size): laying out at
    // all three tripled the layout's share of each execution, and the widths are covered across inputs.
    // FuzzLayout runs the layout and escaping code alone, many times faster.
    let width = order.lines.count > 1_000 ? [32, 42, 48][order.lines.count % 3] : [32, 42, 48][Int(kindByte >> 2) % 3]
    ReceiptFuzzChecks.plainText(rendered.text(width: width), width: width)
    ReceiptFuzzChecks.escpos(rendered.escpos(width: width))
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzReceipt)
}
