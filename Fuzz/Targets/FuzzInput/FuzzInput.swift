import FuzzSupport
import POSFoundation

/// libFuzzer entry: a mode byte picks what a cashier or a config file typed, the rest is the text.
///
/// Modes: amounts (`Money(parsing:)` in every separator style and exponent), decimals (`ExactDecimal`,
/// `PreciseAmount`, `--discount`), reader addresses, `--item CODE:QTY`, scanned barcodes. Invariants: what
/// parses formats back to the same value, addresses round-trip through their description, quantities are
/// at least 1, discounts are positive.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 5
    let options = input.byte()
    let text = String(decoding: input.rest(), as: UTF8.self)
    switch mode {
    case 0: InputFuzzChecks.money(text, options: options)
    case 1: InputFuzzChecks.decimal(text)
    case 2: InputFuzzChecks.readerAddress(text)
    case 3: InputFuzzChecks.item(text)
    default: InputFuzzChecks.barcode(text)
    }
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzInput)
}
