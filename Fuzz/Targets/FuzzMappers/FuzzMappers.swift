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
