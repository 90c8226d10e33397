import Hardware
import POSFoundation

/// A simulated Concert E+ terminal on a serial line: it takes the line (ENQ/ACK), reads the request frame
/// (checking its LRC), and after the "transaction" asks for the line and sends its answer, as the script says.
///
/// ```
/// ECR ENQ → ACK; ECR STX request ETX LRC → ACK; ECR EOT
/// PT ENQ → ECR ACK; PT STX answer ETX LRC → ECR ACK; PT EOT
/// ```
public struct ConcertTerminalEngine: Sendable {
    /// What the terminal does.
    public let script: TerminalScript
    /// Numbering and the approval log.
    public let ledger: TerminalLedger
    /// How long to wait for each step of the counter.
    public let stepTimeout: Duration

    /// Creates an engine.
    public init(script: TerminalScript = TerminalScript(), ledger: TerminalLedger = TerminalLedger(), stepTimeout: Duration = .seconds(3)) {
        self.script = script
        self.ledger = ledger
        self.stepTimeout = stepTimeout
    }

    /// Serves the line until the counter closes it or the script drops it.
    public func serve(_ transport: any ByteTransport) async {
        var line = ConcertSimulatorLine(transport: transport, naksNextFrame: script.naksFirstFrame)
        do {
            while !Task.isCancelled {
                guard let request = try await line.receiveRequest(stepTimeout: stepTimeout) else { continue }
                guard try await answer(request, on: &line) else { break }
            }
        } catch {
            // The counter went away.
        }
        await transport.close()
    }

    private func answer(_ request: ConcertRequest, on line: inout ConcertSimulatorLine) async throws(TransportError) -> Bool {
        let currency = request.currency.isoCurrency ?? .eur
        let amount = Money(minorUnits: request.amountMinorUnits, currency: currency)
        let kind: SimulatedTransaction.Kind = switch request.transactionType {
        case .credit: .refund
        case .cancellation: .reversal
        default: .payment
        }
        let status: ConcertAnswerStatus
        let outcome = script.outcome(at: ledger.nextTransactionIndex())
        switch outcome {
        case .approve, .approveWhenReleased: status = .approved
        case .decline(let code): status = code == 0x6C ? .notCompleted : .declined
        case .timeout, .holdUnbooked, .silentAfterAcknowledge, .silentAfterAcknowledgeIgnoringAbort: return true
        case .silentAfterAcknowledgeCharged, .silentAfterStatus, .unknownFieldThenSilence:
            // The ZVT faults of a terminal that booked and fell silent; Concert has no field to garble.
            _ = ledger.book(kind, amount: amount, resultCode: 0, card: script.card)
            return true
        case .drop, .holdApproved:
            _ = ledger.book(kind, amount: amount, resultCode: 0, card: script.card)
            return false
        case .truncatedFrame:
            status = .approved
        }
        let transaction = ledger.book(kind, amount: amount, resultCode: status == .approved ? 0 : 0x05, card: script.card)
        guard let answer = try? ConcertAnswer(
            posNumber: request.posNumber, status: status, amountMinorUnits: request.amountMinorUnits,
            cardNumberLastFour: transaction.cardLastFour, currency: request.currency,
            transactionID: String(transaction.traceNumber), format: request.answerFormat
        ) else { return true }
        if outcome == .truncatedFrame {
            // Concert frames have no length field: the answer stops half-way, no ETX, no LRC, then silence.
            try await line.sendAnswerCutShort(answer.encoded(), stepTimeout: stepTimeout)
            return true
        }
        try await line.sendAnswer(answer.encoded(), stepTimeout: stepTimeout)
        return true
    }
}

/// The terminal's side of the Concert link, as a conversation.
struct ConcertSimulatorLine {
    let transport: any ByteTransport
    var naksNextFrame: Bool
    private var parser = ConcertLinkParser()
    private var events: [ConcertLinkEvent] = []

    init(transport: any ByteTransport, naksNextFrame: Bool) {
        self.transport = transport
        self.naksNextFrame = naksNextFrame
    }

    /// Waits for ENQ, grants the line, reads the request frame and the EOT. `nil` when the counter gave up.
    mutating func receiveRequest(stepTimeout: Duration) async throws(TransportError) -> ConcertRequest? {
        guard try await next(timeout: .seconds(3600)) == .enquiry else { return nil }
        try await transport.write(ConcertLinkSerializer.control(.acknowledge))
        var request: ConcertRequest?
        while request == nil {
            guard let event = try await next(timeout: stepTimeout) else { return nil }
            switch event {
            case .frame(let payload):
                if naksNextFrame {
                    naksNextFrame = false
                    try await transport.write(ConcertLinkSerializer.control(.negativeAcknowledge))
                    continue
                }
                guard let decoded = try? ConcertRequest(decoding: payload) else {
                    try await transport.write(ConcertLinkSerializer.control(.negativeAcknowledge))
                    continue
                }
                try await transport.write(ConcertLinkSerializer.control(.acknowledge))
                request = decoded
            case .endOfTransmission: return nil
            case .enquiry: try await transport.write(ConcertLinkSerializer.control(.acknowledge))
            default: continue
            }
        }
        // The counter ends its turn with EOT; a missing one does not stop the terminal.
        _ = try await next(timeout: stepTimeout)
        return request
    }

    /// Asks for the line and sends the answer frame, repeating it after NAK up to three times.
    mutating func sendAnswer(_ payload: [UInt8], stepTimeout: Duration) async throws(TransportError) {
        guard let frame = try? ConcertLinkSerializer.frame(payload: payload) else { return }
        try await transport.write(ConcertLinkSerializer.control(.enquiry))
        guard try await next(timeout: stepTimeout) == .acknowledge else { return }
        for _ in 0..<3 {
            try await transport.write(frame)
            if try await next(timeout: stepTimeout) == .acknowledge { break }
        }
        try await transport.write(ConcertLinkSerializer.control(.endOfTransmission))
    }

    /// Asks for the line and sends the first half of the answer frame, then nothing: no ETX, no LRC, no EOT.
    mutating func sendAnswerCutShort(_ payload: [UInt8], stepTimeout: Duration) async throws(TransportError) {
        guard let frame = try? ConcertLinkSerializer.frame(payload: payload) else { return }
        try await transport.write(ConcertLinkSerializer.control(.enquiry))
        guard try await next(timeout: stepTimeout) == .acknowledge else { return }
        try await transport.write(Array(frame.prefix(frame.count / 2)))
    }

    private mutating func next(timeout: Duration) async throws(TransportError) -> ConcertLinkEvent? {
        let deadline = ContinuousClock.now + timeout
        while events.isEmpty {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            let bytes = try await transport.read(maxLength: 512, timeout: min(left, .milliseconds(200)))
            parser.append(bytes)
            while true {
                do {
                    guard let event = try parser.nextEvent() else { break }
                    events.append(event)
                } catch {
                    try await transport.write(ConcertLinkSerializer.control(.negativeAcknowledge))
                }
            }
        }
        return events.removeFirst()
    }
}
