import Foundation
import Hardware
import HardwareLinux
import Yosemite

extension PrinterSystem {
    /// The printers of this machine: CUPS queues by name (`CUPS_SERVER` is honoured), `file:DIR` (text) and
    /// `file+escpos:DIR` (ESC/POS) folders, and — when no printer is named and CUPS has no default — text files
    /// in `<data dir>/printed/`.
    public static func live(dataDirectory: URL) -> PrinterSystem {
        PrinterSystem(
            list: { try CUPSPrinter.destinations() },
            printer: { name in
                if let name, name.hasPrefix("file+escpos:") {
                    return FilePrinter(directory: URL(fileURLWithPath: String(name.dropFirst("file+escpos:".count))),
                                       acceptsRaw: true, name: name)
                }
                if let name, name.hasPrefix("file:") {
                    return FilePrinter(directory: URL(fileURLWithPath: String(name.dropFirst("file:".count))), name: name)
                }
                if name == nil, CUPSPrinter.defaultDestination() == nil {
                    return FilePrinter(directory: dataDirectory.appendingPathComponent("printed", isDirectory: true))
                }
                return CUPSPrinter(name: name)
            }
        )
    }
}
