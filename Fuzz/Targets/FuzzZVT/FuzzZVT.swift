import FuzzSupport
import Hardware
import POSFoundation

/// libFuzzer entry: one input is a mode byte, a chunking seed and the bytes a ZVT terminal sends.
///
/// Mode 0 reads them as a serial line (DLE STX frames, ACK, NAK), mode 1 as a TCP stream of APDUs, mode 2 as a
/// TLV list, mode 3 as a BMP field list. Every APDU found is parsed as a terminal message and fed to a
/// transaction state machine running a payment. Invariants: framing and APDU encoding round-trip, a masked PAN
/// never shows more than its last four digits, amounts are never negative.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZVT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 4
    let seed = input.byte()
    let bytes = input.rest()
    var machine = ZVTFuzzMachine(seed: seed)
    switch mode {
    case 0: ZVTFuzzStreams.serial(bytes, seed: seed) { machine.feed($0) }
    case 1: ZVTFuzzStreams.tcp(bytes, seed: seed) { machine.feed($0) }
    case 2: ZVTFuzzStreams.tlv(bytes)
    default: ZVTFuzzStreams.fields(bytes)
    }
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzZVT)
}
