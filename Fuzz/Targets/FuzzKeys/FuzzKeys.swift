import Counter
import FuzzSupport

/// libFuzzer entry for the terminal key decoder. The first byte picks the mode:
///
/// - 0: raw bytes (a terminal, a paste, a scanner in keyboard mode) in chunks, with extra terminfo sequences
///   from the input: decoding never traps; a character key is never a control that has a key of its own
///   (NUL, Ctrl-A…Z, ESC, DEL); function keys are F1–F12.
/// - otherwise: keys encoded as the terminals send them (UTF-8 characters, control letters, every standard
///   escape sequence), cut into chunks anywhere except right after an ESC: they decode to exactly those keys,
///   and a lone ESC at the end of a chunk is the Escape key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    if input.byte() % 2 == 0 {
        KeyFuzzChecks.raw(&input)
    } else {
        KeyFuzzChecks.roundTrip(&input)
    }
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzKeys)
}
