import FuzzSupport
import Hardware
import POSFoundation

/// libFuzzer entry for GS1 weight and price labels (restricted-circulation EAN-13, prefixes 20–29). The first
/// byte picks the mode:
///
/// - 0: settings text (`28-29:IIIIIVVVVV:weight; 21:IIIIICVVVV:price`) parsed; what parses writes back
///   (``EmbeddedBarcodeSettings/description``) to text that parses to the same settings, and no prefix is claimed
///   twice.
/// - 1: a scanned string read with settings built from the input: a code that reads has 13 ASCII digits, a
///   correct check digit (and verifier digit), an item code of the layout's length and a positive value; the
///   priced line is never negative.
/// - otherwise: a label encoded from a layout, an item code and a value (check digit and verifier digit
///   computed here), scanned with spaces around it: it reads back to exactly that item and value, and a label
///   with one digit changed is refused or reads differently — never the same item and value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLabel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    switch input.byte() % 3 {
    case 0: LabelFuzzChecks.settingsText(String(decoding: input.rest(), as: UTF8.self))
    case 1: LabelFuzzChecks.scanned(&input)
    default: LabelFuzzChecks.encoded(&input)
    }
    return 0
}

/// Hands over to libFuzzer; defined here, not in main.swift, because a debug (non-WMO) build emits the C entry
/// point in every file that takes it as a C function pointer, and the link then finds it twice.
func fuzzMain() -> Never {
    runFuzzer(fuzzLabel)
}
