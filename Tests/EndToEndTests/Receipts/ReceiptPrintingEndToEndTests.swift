import Foundation
import Hardware
import Testing

/// `pos receipt print|reprint`, `pos printers list` and `pos printer test` through a real, private cupsd with a
/// raw queue; the bytes that arrive are read back with the ESC/POS tokenizer.
@Suite(.serialized, .enabled(if: PrivateCUPS.isAvailable, "needs root and cupsd (scripts/install-deps.sh)"))
struct ReceiptPrintingEndToEndTests {
    /// The text and the tokens of a captured job.
    private func decode(_ bytes: [UInt8]) throws -> (text: String, tokens: [ESCPOSToken]) {
        let tokens = try ESCPOSTokenizer.tokenize(bytes)
        let text = tokens.compactMap { token -> String? in
            switch token {
            case .text(let bytes): String(decoding: bytes, as: UTF8.self)
            case .lineFeed: "\n"
            default: nil
            }
        }.joined()
        return (text, tokens)
    }

    private func jobID(_ stdout: String) -> Int? {
        stdout.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: ".\n"))) }
    }

    @Test func receiptPrint_cardSaleThroughRealCUPS_deliversCardFieldsAndCutAndReprintSaysCopy() async throws {
        // Given a private cupsd with a raw queue, and a card sale (a debit Mastercard: AID A0000000041010, chip,
        // online PIN) whose receipt is stored
        let cups = try PrivateCUPS()
        defer { cups.remove() }
        try await cups.start()
        try await cups.addRawQueue("receipt")
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let sale = try ReceiptSale(data: data, environment: cups.environment)
        let order = try await sale.sell(["COF-CAP", "BAK-CRO:2"], card: true)
        let approval = try #require(try sale.approvalCodes().last)

        // When
        let printed = try await PosProcess.run(["receipt", "print", order, "--printer", "receipt", "--data-dir", data.path],
                                               environment: cups.environment)

        // Then the raw queue received ESC/POS with the card part and a cut at the end, and no expiry date
        #expect(printed.status == 0, "\(printed.stderr)")
        let job = try #require(jobID(printed.stdout))
        let (text, tokens) = try decode(try cups.captured(queue: "receipt", job: job))
        for field in ["AID", "A0000000041010", "Application", "MASTERCARD", "Entry mode", "Chip", "PIN verified",
                      "Approval code", approval, "************0434", "TOTAL", "#\(order)"] {
            #expect(text.contains(field), "missing \(field) in:\n\(text)")
        }
        #expect(!text.lowercased().contains("expir"))
        #expect(!tokens.contains { if case .unknown = $0 { true } else { false } })
        #expect(tokens.last.map { if case .command(.cut) = $0 { true } else { false } } == true)
        #expect(!text.contains("COPY"))

        // When it is reprinted
        let reprinted = try await PosProcess.run(["receipt", "reprint", order, "--printer", "receipt", "--data-dir", data.path],
                                                 environment: cups.environment)
        // Then the copy says COPY
        #expect(reprinted.status == 0, "\(reprinted.stderr)")
        let copy = try decode(try cups.captured(queue: "receipt", job: try #require(jobID(reprinted.stdout))))
        #expect(copy.text.contains("COPY"))
        #expect(copy.text.contains("A0000000041010"))
        #expect(reprinted.stdout.contains("copy 1"))
    }

    @Test func receiptPrint_cupsdStopped_failsClearlyKeepsReceiptAndReprintWorksOnceBack() async throws {
        // Given a cash sale whose receipt is stored, then cupsd stops
        let cups = try PrivateCUPS()
        defer { cups.remove() }
        try await cups.start()
        try await cups.addRawQueue("receipt")
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let order = try await ReceiptSale(data: data, environment: cups.environment).sell(["COF-ESP", "BAK-PAC"], card: false)
        cups.stop()

        // When
        let failed = try await PosProcess.run(["receipt", "print", order, "--printer", "receipt", "--data-dir", data.path],
                                              environment: cups.environment)

        // Then
        #expect(failed.status == 14)
        #expect(failed.stderr.contains("The print system (CUPS) is not running."))
        #expect(failed.stderr.contains("is saved"))

        // When cupsd is back (killed, it did not save its queues: the queue is set up again)
        try await cups.start()
        try await cups.addRawQueue("receipt")
        let unknown = try await PosProcess.run(["receipt", "print", order, "--printer", "nosuch", "--data-dir", data.path],
                                               environment: cups.environment)
        let reprint = try await PosProcess.run(["receipt", "reprint", order, "--printer", "receipt", "--data-dir", data.path],
                                               environment: cups.environment)

        // Then an unknown queue is told apart from a stopped scheduler, and the kept receipt prints
        #expect(unknown.status == 14)
        #expect(unknown.stderr.contains("There is no printer called \"nosuch\""))
        #expect(reprint.status == 0, "\(reprint.stderr)")
        let (text, tokens) = try decode(try cups.captured(queue: "receipt", job: try #require(jobID(reprint.stdout))))
        #expect(text.contains("TOTAL"))
        #expect(tokens.contains { if case .command(.drawerKick) = $0 { true } else { false } })
    }

    @Test func printersListAndPrinterTest_privateCUPS_showQueueAndPrintTestPage() async throws {
        // Given
        let cups = try PrivateCUPS()
        defer { cups.remove() }
        try await cups.start()
        try await cups.addRawQueue("thermal")
        let data = try TemporaryDirectory()
        defer { data.remove() }

        // When
        let list = try await PosProcess.run(["printers", "list", "--json", "--data-dir", data.path], environment: cups.environment)
        let test = try await PosProcess.run(["printer", "test", "thermal", "--data-dir", data.path], environment: cups.environment)

        // Then
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\"name\" : \"thermal\""))
        #expect(list.stdout.contains("\"raw\" : true"))
        #expect(test.status == 0, "\(test.stderr)")
        let (text, _) = try decode(try cups.captured(queue: "thermal", job: try #require(jobID(test.stdout))))
        #expect(text.contains("Test page"))
    }
}

/// A queue whose device fails: the job is followed until CUPS aborts it, and the failure is reported.
@Suite(.serialized, .enabled(if: PrivateCUPS.isAvailable, "needs root and cupsd (scripts/install-deps.sh)"))
struct ReceiptPrintingFailureEndToEndTests {
    @Test func receiptPrint_backendFails_reportsFailedJobAndKeepsReceipt() async throws {
        // Given a queue whose backend fails, and a card sale whose receipt is stored
        let cups = try PrivateCUPS()
        defer { cups.remove() }
        try await cups.start()
        try await cups.addFailingQueue("broken")
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let order = try await ReceiptSale(data: data, environment: cups.environment).sell(["COF-CAP"], card: true)
        // When
        let failed = try await PosProcess.run(["receipt", "print", order, "--printer", "broken", "--data-dir", data.path],
                                              environment: cups.environment)
        let listed = try await PosProcess.run(["printers", "list", "--data-dir", data.path], environment: cups.environment)
        // Then
        #expect(failed.status == 14)
        #expect(failed.stderr.contains("on \"broken\" failed"), "\(failed.stderr)")
        #expect(failed.stderr.contains("is saved"))
        #expect(listed.stdout.contains("broken"))
    }
}
