#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's driver, from the fuzzer runtime that `-sanitize=fuzzer` links.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments and `testOneInput` (the target's `LLVMFuzzerTestOneInput`), then
/// exits with its status.
///
/// Each target's `main.swift` calls this. SwiftPM links an executable target's `main` to the module's own entry
/// point (`--defsym main=<Module>_main` on Linux), so the target cannot leave `main` to libFuzzer; it hands over
/// to libFuzzer's driver instead, which parses the same flags as libFuzzer's own `main`.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}
