import Hardware
import POSFoundation

/// The simulated terminal's side of the wire, written as a conversation: receive an APDU, send one and wait
/// for its link ACK. Bare over TCP; framed with ACK/NAK and up to three repeats over serial.
struct ZVTSimulatorLink {
    let transport: any ByteTransport
    let framing: ZVTCardReader.Framing
    let clock: any Clock<Duration>
    let byteDelay: Duration?
    var naksNextFrame: Bool
    private var apduParser = ZVTAPDUParser()
    private var frameParser = ZVTSerialFrameParser()
    private var received: [ZVTAPDU] = []
    private var linkAcknowledgements: [ZVTSerialFrameParser.Unit] = []
    /// True while a frame of ours waits for its ACK; an ACK or NAK at any other time answers nothing and is dropped
    /// (a NAK the counter sent for line noise must not make the next frame go twice).
    private var awaitingLinkAcknowledgement = false

    init(transport: any ByteTransport, framing: ZVTCardReader.Framing, clock: any Clock<Duration>, script: TerminalScript) {
        self.transport = transport
        self.framing = framing
        self.clock = clock
        byteDelay = script.byteDelay
        naksNextFrame = script.naksFirstFrame && framing == .serial
    }

    /// The next APDU from the counter, or `nil` when `timeout` passed without one.
    mutating func receive(timeout: Duration) async throws(TransportError) -> ZVTAPDU? {
        let deadline = ContinuousClock.now + timeout
        while received.isEmpty {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            try await pump(timeout: min(left, .milliseconds(200)))
        }
        return received.removeFirst()
    }

    /// Sends an APDU; over serial waits for the link ACK, repeating up to three times after NAK or silence.
    mutating func send(_ apdu: ZVTAPDU) async throws(TransportError) {
        guard let bytes = try? apdu.encoded() else { return }
        guard framing == .serial else {
            try await write(bytes)
            return
        }
        let frame = ZVTSerialFrameSerializer.frame(payload: bytes)
        awaitingLinkAcknowledgement = true
        defer { awaitingLinkAcknowledgement = false }
        linkAcknowledgements = []
        for _ in 0...ZVTSerialLink.maximumRepeats {
            try await write(frame)
            let deadline = ContinuousClock.now + ZVTTimeouts.standard.acknowledge
            while linkAcknowledgements.isEmpty, ContinuousClock.now < deadline {
                try await pump(timeout: .milliseconds(200))
            }
            if !linkAcknowledgements.isEmpty, linkAcknowledgements.removeFirst() == .ack { return }
        }
        throw TransportError(.timedOut, endpoint: transport.endpointDescription, underlying: "no link ACK")
    }

    /// Sends an APDU cut short and waits for nothing: its header (length field intact) and only the first
    /// `keeping` data bytes; over serial inside a frame that never ends (no `DLE ETX`, no CRC).
    func sendCutShort(_ apdu: ZVTAPDU, keeping: Int) async throws(TransportError) {
        guard let bytes = try? apdu.encoded() else { return }
        let headerLength = bytes.count - apdu.data.count
        let cut = Array(bytes.prefix(headerLength + min(keeping, apdu.data.count)))
        switch framing {
        case .bareAPDU:
            try await write(cut)
        case .serial:
            try await write(Array(ZVTSerialFrameSerializer.frame(payload: cut).dropLast(4)))  // less DLE ETX CRC
        }
    }

    /// Writes bytes, one at a time with a pause between when the script asks for a slow link.
    func write(_ bytes: [UInt8]) async throws(TransportError) {
        guard let byteDelay, byteDelay > .zero else {
            try await transport.write(bytes)
            return
        }
        for byte in bytes {
            try await transport.write([byte])
            try? await clock.sleep(for: byteDelay)
        }
    }

    private mutating func pump(timeout: Duration) async throws(TransportError) {
        let bytes = try await transport.read(maxLength: 4096, timeout: timeout)
        guard !bytes.isEmpty else { return }
        switch framing {
        case .bareAPDU:
            apduParser.append(bytes)
            do {
                while let apdu = try apduParser.nextAPDU() { received.append(apdu) }
            } catch {
                throw TransportError(.ioFailure, endpoint: transport.endpointDescription, underlying: "\(error)")
            }
        case .serial:
            frameParser.append(bytes)
            while true {
                do {
                    guard let unit = try frameParser.nextUnit() else { break }
                    switch unit {
                    case .ack, .nak:
                        if awaitingLinkAcknowledgement { linkAcknowledgements.append(unit) }
                    case .frame(let apdu):
                        if naksNextFrame {
                            naksNextFrame = false
                            try await write([ZVTSerialFrameSerializer.nak])
                        } else {
                            try await write([ZVTSerialFrameSerializer.ack])
                            received.append(apdu)
                        }
                    }
                } catch let error as ZVTProtocolError {
                    if case .frameInterrupted = error { continue }
                    try await write([ZVTSerialFrameSerializer.nak])
                } catch let error as TransportError {
                    throw error
                } catch {
                    continue
                }
            }
        }
    }
}
