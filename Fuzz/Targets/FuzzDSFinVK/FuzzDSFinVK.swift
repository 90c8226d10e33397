import Foundation
import FuzzSupport
import Yosemite

/// libFuzzer entry for the DSFinV-K writer: random sales (closings of receipts with lines, discounts, payments in
/// the base and foreign currencies, signed or not, awkward text everywhere) through ``DSFinVKWriter``; every
/// table's CSV text is read back by a strict reader (`;` between fields, CR LF after each record, a field quoted
/// whole with inner quotes doubled, no stray quote, CR or LF) and checked against the inputs.
///
/// Invariants: each CSV reads back to exactly the header and rows the writer built (scalar for scalar); every
/// value of a numeric column is `-?digits` with a comma and exactly its places; the Bonpos rows carry the lines'
/// texts and unit prices, the Bonkopf rows the receipts' ids and revenue, in the order given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDSFinVK(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let export = DSFinVKFuzzExport.make(&input)
    DSFinVKFuzzChecks.check(export, tables: DSFinVKWriter().tables(for: export))
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzDSFinVK)
}
