import Foundation
import FuzzSupport
import Networking
import POSFoundation
import Yosemite

/// libFuzzer entry for the fiskaly (SIGN DE v2) response mapping: ``FiskalySigner`` over ``FiskalyRemote`` over a
/// network that answers with bodies and errors from the input — well-formed transactions, TSS and client records
/// with awkward values (huge, negative and missing numbers and times, quotes, `;`, control characters), and raw
/// bytes. The first byte picks the call: start, finish, cancel or identity.
///
/// Invariants: every answer maps to a result or a ``FiscalError`` (an unreadable answer is an outage), never a
/// trap; a started transaction carries the answer's id, number, revision and signature counter; a signature
/// carries the answer's number, counter, signature, public key, TSS serial and QR code (or one built from them
/// that starts with `V0;`); an identity comes only from an `INITIALIZED` TSS, with its serial and key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFiskaly(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let call = input.byte() % 4
    let script = FiskalyScript.make(&input, call: call)
    let done = DispatchSemaphore(value: 0)
    Task {
        await FiskalyFuzzChecks.run(call: call, script: script)
        done.signal()
    }
    done.wait()
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzFiskaly)
}
