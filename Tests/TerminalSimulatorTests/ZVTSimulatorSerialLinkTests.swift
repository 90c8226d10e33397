import Hardware
import HardwareTestSupport
import Testing
import TerminalSimulator

/// The simulated ZVT terminal's serial link layer, played byte for byte from the counter's side.
@Suite struct ZVTSimulatorSerialLinkTests {
    /// Reads units from the terminal until one arrives (or the pipe closes).
    struct CounterEnd {
        let transport: PipeTransport
        var parser = ZVTSerialFrameParser()
        var units: [ZVTSerialFrameParser.Unit] = []

        mutating func next() async throws -> ZVTSerialFrameParser.Unit? {
            while units.isEmpty {
                let bytes = try await transport.read(maxLength: 512, timeout: .seconds(5))
                if bytes.isEmpty { return nil }
                parser.append(bytes)
                while let unit = try parser.nextUnit() { units.append(unit) }
            }
            return units.removeFirst()
        }
    }

    /// Regression (fault matrix, ZVT serial garbage cells): a NAK the counter sent for line noise, while the
    /// terminal had no frame outstanding, made the terminal send its next frame twice.
    @Test func statusEnquiry_afterStrayNAK_terminalSendsEachFrameOnce() async throws {
        // Given
        let (counter, terminal) = PipeTransport.pair()
        let server = Task { await ZVTTerminalEngine(framing: .serial).serve(terminal) }
        defer { server.cancel() }
        var end = CounterEnd(transport: counter)
        let enquiry = try ZVTCommand.statusEnquiry(password: nil, serviceByte: nil).apdu()

        // When
        try await counter.write([ZVTSerialFrameSerializer.nak] + ZVTSerialFrameSerializer.frame(enquiry))
        let linkAck = try await end.next()
        let acknowledgement = try await end.next()
        try await counter.write([ZVTSerialFrameSerializer.ack])
        let next = try await end.next()

        // Then
        #expect(linkAck == .ack)
        #expect(acknowledgement == .frame(.acknowledgement))
        guard case .frame(let apdu)? = next else { Issue.record("expected a frame, got \(String(describing: next))"); return }
        #expect(apdu.command == .completion, "the 80 00 00 frame went twice")
        await counter.close()
    }

    /// The Status Enquiry completion carries the software version as an LLL-variable, then the
    /// terminal-status byte; the driver reads back what the simulator sent.
    @Test func statusEnquiry_completion_isTheSpecFormByteForByteAndTheDriverReadsIt() async throws {
        // Given
        let (counter, terminal) = PipeTransport.pair()
        let server = Task { await ZVTTerminalEngine(framing: .serial).serve(terminal) }
        defer { server.cancel() }
        var end = CounterEnd(transport: counter)
        let enquiry = try ZVTCommand.statusEnquiry(password: nil, serviceByte: nil).apdu()

        // When
        try await counter.write(ZVTSerialFrameSerializer.frame(enquiry))
        _ = try await end.next()  // link ACK
        _ = try await end.next()  // 80 00 00
        try await counter.write([ZVTSerialFrameSerializer.ack])
        let next = try await end.next()

        // Then
        guard case .frame(let apdu)? = next else { Issue.record("expected a frame, got \(String(describing: next))"); return }
        let expected: [UInt8] = [0x06, 0x0F, 0x0F, 0xF0, 0xF1, 0xF1] + Array("POS-SIM 1.0".utf8) + [0x00]
        #expect(try apdu.encoded() == expected)
        guard case .completion(let completion) = try ZVTTerminalMessage(apdu: apdu) else { Issue.record("not 06 0F"); return }
        #expect(completion.statusEnquiryReply?.softwareVersion == "POS-SIM 1.0")
        #expect(completion.statusEnquiryReply?.terminalStatus == 0)
        await counter.close()
    }
}
