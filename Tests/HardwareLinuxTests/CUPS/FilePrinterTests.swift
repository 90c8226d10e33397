import Foundation
import Hardware
import HardwareLinux
import Testing

/// The file printer: the fallback with no default printer, and the demo.
@Suite struct FilePrinterTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pos-fileprinter-\(UUID().uuidString)")

    @Test func print_rawAndTextJobs_writesNumberedFilesWithExactBytes() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: folder) }
        let printer = FilePrinter(directory: folder, acceptsRaw: true)
        let raw: [UInt8] = [0x1B, 0x40, 0x41, 0x0A, 0x1D, 0x56, 0x00]
        // When
        let first = try await printer.print(PrintJob(title: "Order 1", data: raw, format: .raw))
        let second = try await printer.print(PrintJob(title: "Order 2", data: Array("Hello\n".utf8), format: .plainText))
        // Then
        #expect(first.state == .completed)
        #expect(second.jobID == 2)
        #expect([UInt8](try Data(contentsOf: folder.appendingPathComponent("receipt-0001.escpos"))) == raw)
        #expect(try String(contentsOf: folder.appendingPathComponent("receipt-0002.txt"), encoding: .utf8) == "Hello\n")
        #expect(try await printer.status().isRaw)
    }

    @Test func print_folderCannotBeCreated_throwsJobFailed() async throws {
        // Given a path below a regular file
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pos-file-\(UUID().uuidString)")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let printer = FilePrinter(directory: file.appendingPathComponent("sub"))
        // When / Then
        await #expect(throws: PrinterError.self) {
            try await printer.print(PrintJob(title: "x", data: [0x41], format: .plainText))
        }
    }
}

/// libcups paths that need no scheduler: an unreachable one is "CUPS is not running", never "unknown printer".
@Suite struct CUPSPrinterUnreachableTests {
    @Test func status_schedulerSocketMissing_throwsSchedulerUnavailable() async throws {
        // Given
        let printer = CUPSPrinter(name: "receipt", server: "/tmp/pos-no-cupsd-\(UUID().uuidString.prefix(8)).sock")
        // When / Then
        await #expect(throws: PrinterError.schedulerUnavailable) { try await printer.status() }
        await #expect(throws: PrinterError.schedulerUnavailable) {
            try await printer.print(PrintJob(title: "x", data: [0x41], format: .raw))
        }
        #expect(throws: PrinterError.schedulerUnavailable) {
            try CUPSPrinter.destinations(server: "/tmp/pos-no-cupsd-\(UUID().uuidString.prefix(8)).sock")
        }
    }
}
