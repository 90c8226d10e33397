import Hardware

/// The printers this counter can reach: the list with states, and the printer a receipt goes to.
///
/// Built live in the `pos` executable (CUPS, with a folder of files as fallback) and from doubles in tests.
public struct PrinterSystem: Sendable {
    /// Lists the print queues with their states.
    public var list: @Sendable () async throws -> [PrinterDescription]
    /// The printer for a queue name; `nil` means the default printer (or the file fallback when there is none).
    public var printer: @Sendable (_ name: String?) async throws -> any ReceiptPrinter

    /// Creates a printer system from its two operations.
    public init(
        list: @escaping @Sendable () async throws -> [PrinterDescription],
        printer: @escaping @Sendable (_ name: String?) async throws -> any ReceiptPrinter
    ) {
        self.list = list
        self.printer = printer
    }

    /// No printers at all: listing gives nothing and printing fails with "unknown printer".
    public static let unavailable = PrinterSystem(
        list: { [] },
        printer: { name in throw PrinterError.unknownPrinter(name ?? "default") }
    )
}
