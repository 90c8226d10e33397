import FuzzSupport
import Hardware

/// libFuzzer entry for the Mettler Toledo 8217 scale protocol. The first byte picks the mode:
///
/// - 0: line bytes through ``Toledo8217Parser`` in chunks; every answer is encoded again (`STX field [N] CR`,
///   `STX ? status CR`) and must parse back to itself; the answers and refusals must not depend on how the line
///   cut the bytes into chunks.
/// - 1: answers encoded from the input (weights of 1–9 digits with or without a point, net or gross, statuses)
///   with line noise between them must parse to exactly those answers.
/// - otherwise: ``Toledo8217WeighingStateMachine`` through a weighing: bytes in chunks, timers firing, the line
///   failing or the counter cancelling. A weighing finishes exactly once, then does nothing; a weight sold is
///   positive, in grams, with a field of digits and one point at most.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScale(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    switch input.byte() % 3 {
    case 0:
        let seed = input.byte()
        ScaleFuzzChecks.parser(input.rest(), seed: seed)
    case 1:
        ScaleFuzzChecks.encoded(&input)
    default:
        ScaleFuzzChecks.machine(&input)
    }
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzScale)
}
