import POSFoundation
import Testing
@testable import Hardware

struct PrinterErrorTests {
    @Test(arguments: [
        PrinterError.schedulerUnavailable,
        .unknownPrinter("thermal"),
        .printerStopped(printer: "thermal", reason: "cover-open"),
        .notAcceptingJobs(printer: "thermal"),
        .outOfPaper(printer: "thermal"),
        .jobFailed(printer: "thermal", jobID: 42, reason: nil),
        .timedOut(printer: "thermal", after: .seconds(30)),
    ])
    func userFacing_everyCase_saysWhatHappenedAndWhatToDo(error: PrinterError) {
        // When
        let userFacing: any UserFacingError = error

        // Then
        #expect(!userFacing.message.isEmpty)
        #expect(!userFacing.recoverySuggestion.isEmpty)
        #expect(userFacing.description.hasPrefix(userFacing.message))
    }

    @Test func message_timeout_statesTheSeconds() {
        // When / Then
        #expect(PrinterError.timedOut(printer: "thermal", after: .seconds(30)).message.contains("30 seconds"))
    }

    @Test func problem_ofOutOfPaperPrinter_isOutOfPaper() {
        // Given
        let printer = PrinterDescription(name: "thermal", state: .stopped, stateReasons: ["media-empty-error"], isRaw: true)

        // When / Then
        #expect(printer.isOutOfPaper)
        #expect(printer.problem == .outOfPaper(printer: "thermal"))
    }

    @Test func problem_ofStoppedOrRefusingPrinter_namesIt() {
        // Given
        let stopped = PrinterDescription(name: "a", state: .stopped, stateReasons: ["paused"], isRaw: true)
        let refusing = PrinterDescription(name: "b", state: .idle, isAcceptingJobs: false, isRaw: false)
        let ready = PrinterDescription(name: "c", state: .idle, isRaw: true)

        // When / Then
        #expect(stopped.problem == .printerStopped(printer: "a", reason: nil))
        #expect(refusing.problem == .notAcceptingJobs(printer: "b"))
        #expect(ready.problem == nil)
    }

    @Test func printJob_formatAndCopies_mapToCups() {
        // Given
        let job = PrintJob(title: "Order 1042", data: [0x1B, 0x40], format: .raw, copies: 0)

        // When / Then
        #expect(job.copies == 1)
        #expect(job.format.mimeType == "application/vnd.cups-raw")
        #expect(PrintJob.Format.plainText.mimeType == "text/plain")
        #expect(PrintJobState.completed.isFinal && !PrintJobState.processing.isFinal)
    }
}
