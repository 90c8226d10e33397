/// The ECR side of one Concert transaction, as a pure state machine.
///
/// One `mutating func` per event; each returns the ``Action``s the driver executes (write bytes, start or
/// cancel the one timer, report the end). The machine does no I/O and reads no clock, so every path is
/// tested by feeding events.
///
/// ```
/// ECR ENQ → PT ACK → ECR STX request ETX LRC → PT ACK → ECR EOT
/// PT ENQ (after the transaction, ≤ 120 s) → ECR ACK → PT STX answer ETX LRC → ECR ACK → PT EOT
/// ```
///
/// Safety: once the request frame has left, the session never reports ``Action/fail(_:)`` (which means
/// "not charged") unless the terminal refused every copy with `NAK`; a timeout, a dropped line or an
/// unreadable answer is ``Action/outcomeUnknown(_:)``, to be resolved with the terminal, never by
/// charging again.
///
/// ## Topics
/// - ``start(_:)``
/// - ``bytesReceived(_:)``
/// - ``timerFired(_:)``
/// - ``transportFailed(_:)``
/// - ``cancel()``
///
/// Related spec: reference/concert.md, "Link handshake".
public struct ConcertSessionStateMachine: Sendable {
    enum State: Hashable, Sendable {
        case idle
        case enquiring(attempt: Int)
        case pausingBeforeEnquiry(attempt: Int)
        case sendingRequest(transmission: Int)
        case awaitingAnswer
        case receivingAnswer(attempt: Int)
        case finished
    }

    /// The timeouts and retry limits in force.
    public let configuration: ConcertSessionConfiguration

    var state: State = .idle
    var parser = ConcertLinkParser()
    var requestFrameBytes: [UInt8] = []
    /// Set when a copy of the request went unanswered: the terminal may have accepted it and lost its ACK.
    var requestMayHaveArrived = false

    /// Creates an idle session.
    public init(configuration: ConcertSessionConfiguration = .standard) {
        self.configuration = configuration
    }

    /// Whether a transaction is under way (started and not yet ended).
    public var isActive: Bool {
        switch state {
        case .idle, .finished: false
        default: true
        }
    }

    /// Whether the terminal has acknowledged the request, so that it may be charging the card.
    public var requestAccepted: Bool {
        switch state {
        case .awaitingAnswer, .receivingAnswer: true
        default: false
        }
    }

    // MARK: - Events

    /// Starts a transaction (payment, refund or cancellation, as the request's type says) by asking for the line.
    ///
    /// - Throws: ``ConcertError/Code/sessionBusy`` while another transaction runs; that one is unaffected.
    public mutating func start(_ request: ConcertRequest) throws(ConcertError) -> [Action] {
        guard !isActive else { throw ConcertError(code: .sessionBusy, phase: .handshake) }
        do {
            requestFrameBytes = try ConcertLinkSerializer.frame(payload: request.encoded())
        } catch {
            throw ConcertError(code: .requestRejected, phase: .handshake, underlying: error.description)
        }
        parser.reset()
        requestMayHaveArrived = false
        state = .enquiring(attempt: 1)
        return [.send(ConcertLinkSerializer.control(.enquiry)), acknowledgementTimer]
    }

    /// Feeds bytes read from the terminal and returns what to do about them.
    public mutating func bytesReceived(_ bytes: some Sequence<UInt8>) -> [Action] {
        parser.append(bytes)
        var actions: [Action] = []
        while isActive {
            do {
                guard let event = try parser.nextEvent() else { break }
                actions += handle(event)
            } catch {
                actions += handleDamagedFrame(error)
            }
        }
        return actions
    }

    /// Reacts to the expiry of the timer the machine last started; a stale timer is ignored.
    public mutating func timerFired(_ timer: Timer) -> [Action] {
        switch (state, timer) {
        case (.enquiring(let attempt), .acknowledgement):
            return enquiryFailed(attempt: attempt)
        case (.pausingBeforeEnquiry(let attempt), .enquiryRetryPause):
            state = .enquiring(attempt: attempt + 1)
            return [.send(ConcertLinkSerializer.control(.enquiry)), acknowledgementTimer]
        case (.sendingRequest(let transmission), .acknowledgement):
            requestMayHaveArrived = true
            return requestNotAcknowledged(transmission: transmission, refused: false)
        case (.awaitingAnswer, .answer):
            return finish(.outcomeUnknown(ConcertError(code: .answerTimedOut, phase: .awaitingAnswer)))
        case (.receivingAnswer(let attempt), .frame):
            parser.reset()
            return answerDamaged(attempt: attempt, cause: "answer frame incomplete")
        default:
            return []
        }
    }

    /// Reacts to the transport failing (unplugged, closed, write error).
    ///
    /// - Parameter cause: A technical description for the log; never card data.
    public mutating func transportFailed(_ cause: String? = nil) -> [Action] {
        switch state {
        case .idle, .finished:
            return []
        case .enquiring, .pausingBeforeEnquiry:
            return finish(.fail(ConcertError(code: .transportFailed, phase: .handshake, underlying: cause)))
        case .sendingRequest:
            return lineDropped(in: .requestDelivery, cause: cause)
        case .awaitingAnswer:
            return lineDropped(in: .awaitingAnswer, cause: cause)
        case .receivingAnswer:
            return lineDropped(in: .answerReception, cause: cause)
        }
    }

    /// Cancels the transaction if the request has not left yet; afterwards returns no action.
    ///
    /// Concert E+ has no abort message: once the terminal has the request, only its keypad can cancel,
    /// and its answer (result `9`) then ends the session.
    public mutating func cancel() -> [Action] {
        switch state {
        case .enquiring, .pausingBeforeEnquiry:
            var actions = [Action.send(ConcertLinkSerializer.control(.endOfTransmission))]
            actions += finish(.fail(ConcertError(code: .cancelled, phase: .handshake)))
            return actions
        default:
            return []
        }
    }

    // MARK: - Shared steps

    var acknowledgementTimer: Action {
        .startTimer(.acknowledgement, after: configuration.acknowledgementTimeout)
    }

    private mutating func lineDropped(in phase: ConcertError.Phase, cause: String?) -> [Action] {
        finish(.outcomeUnknown(ConcertError(code: .transportFailed, phase: phase, underlying: cause)))
    }

    mutating func finish(_ outcome: Action) -> [Action] {
        state = .finished
        requestFrameBytes = []
        return [.cancelTimer, outcome]
    }
}
