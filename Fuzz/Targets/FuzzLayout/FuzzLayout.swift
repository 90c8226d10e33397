import FuzzSupport
import Hardware

/// libFuzzer entry for the receipt layout and escaping code alone, without the composer and the Mustache
/// template (FuzzReceipt runs the whole way; this target runs the part under it many times faster). The first
/// byte picks the mode, the second the width (32, 42 or 48 columns):
///
/// - 0: awkward data escaped with ``ReceiptMarkup/escape(_:keepingLineBreaks:)`` into a fixed markup skeleton
///   (a styled title, a text line, two rows, a rule, a verbatim card slip, a cut): it always parses, and to
///   the skeleton's blocks only — data never becomes a directive, never ends the verbatim block early.
/// - 1: the rest of the input as markup: it parses or throws, never traps.
///
/// Then every parsed document is laid out as plain text and as ESC/POS at the width: plain-text lines fit the
/// width in display cells and hold no control character; the ESC/POS bytes tokenize into the encoder's own
/// commands only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 2
    let width = [32, 42, 48][Int(input.byte() % 3)]
    let document: ReceiptDocument
    if mode == 0 {
        document = LayoutFuzzChecks.escaped(&input)
    } else {
        guard let parsed = try? ReceiptMarkup.parse(String(decoding: input.rest(), as: UTF8.self)) else { return 0 }
        document = parsed
    }
    LayoutFuzzChecks.plainText(PlainTextEncoder(cutMarker: nil).render(document, width: width), width: width)
    LayoutFuzzChecks.escpos(ESCPOSEncoder(profile: .generic80mm).encode(document, width: width))
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzLayout)
}
