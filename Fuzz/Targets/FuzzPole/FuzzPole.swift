import FuzzSupport
import Hardware
import POSFoundation

/// libFuzzer entry for the pole display encoder: a display state with awkward text (names, shop lines, the
/// fixed words) and amounts, a code page, a money format.
///
/// Invariants: every state is written as exactly two rows of 20 bytes, each after its own `US $ 1 y`; the row
/// bytes are printable characters of the code page (no control byte from data can reach the display); the rows
/// ``PoleDisplayEncoder/rows(for:)`` gives are 20 characters each and encode one byte per character; an amount
/// that fits the row is shown whole, right-aligned.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPole(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let encoder = PoleFuzzChecks.encoder(&input)
    let state = PoleFuzzChecks.state(&input, currency: encoder.moneyFormat.symbol == "¥" ? .jpy : .eur)
    PoleFuzzChecks.check(encoder, state)
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzPole)
}
