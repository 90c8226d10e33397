import Foundation
import FuzzSupport
import Networking
import POSFoundation

/// libFuzzer entry: the first byte picks one of the WooCommerce mappers, the rest is the response body.
///
/// A malicious or broken store may answer anything: every mapper must throw or map, never trap (integer
/// overflow on a huge number, a force unwrap, an index out of range).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMappers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let index = Int(input.byte()) % MapperTable.mappers.count
    let body = Data(input.rest())
    _ = try? MapperTable.mappers[index](body)
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzMappers)
}
