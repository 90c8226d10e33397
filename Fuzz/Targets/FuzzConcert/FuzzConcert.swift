import FuzzSupport
import Hardware
import POSFoundation

/// libFuzzer entry: a mode byte, a chunking seed, then the bytes a Concert terminal sends.
///
/// Mode 0 runs the link parser and decodes every frame as an answer and as a request; mode 1 plays the bytes
/// to a session state machine running a payment, firing its timers between chunks; mode 2 decodes the rest
/// as one answer payload. Invariants: frames, answers and requests round-trip; an answer keeps at most four
/// card digits; a session ends once, with exactly one of complete, fail or outcome unknown.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConcert(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 3
    let seed = input.byte()
    let bytes = input.rest()
    switch mode {
    case 0: ConcertFuzzChecks.link(bytes, seed: seed)
    case 1: ConcertFuzzChecks.session(bytes, seed: seed)
    default: ConcertFuzzChecks.decode(bytes)
    }
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzConcert)
}
