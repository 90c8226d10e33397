import Hardware
import Testing

/// Plays the driver around a ``ConcertSessionStateMachine``: executes its actions, keeps the one timer,
/// records what went on the wire and how the session ended.
struct ConcertSessionHarness {
    typealias Action = ConcertSessionStateMachine.Action
    typealias Timer = ConcertSessionStateMachine.Timer

    static let ENQ: [UInt8] = [0x05]
    static let ACK: [UInt8] = [0x06]
    static let NAK: [UInt8] = [0x15]
    static let EOT: [UInt8] = [0x04]

    var machine = ConcertSessionStateMachine()
    private(set) var sent: [UInt8] = []
    private(set) var timer: (timer: Timer, duration: Duration)?
    private(set) var outcome: Action?
    private(set) var log: [Action] = []

    static let request: ConcertRequest = {
        do {
            return try ConcertRequest(posNumber: 1, amountMinorUnits: 1250, currency: .eur)
        } catch {
            preconditionFailure("fixture request: \(error)")
        }
    }()

    static var requestFrame: [UInt8] { [UInt8](hex: ConcertFixtures.debitRequest1250) }

    mutating func start(_ request: ConcertRequest = Self.request) throws {
        run(try machine.start(request))
    }

    mutating func receive(_ bytes: [UInt8], chunking: Chunking = .allAtOnce) {
        for chunk in chunking.split(bytes) {
            run(machine.bytesReceived(chunk))
        }
    }

    /// Lets the running timer expire, after checking it is the expected one.
    mutating func fire(_ expected: Timer, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let running = timer else {
            Issue.record("no timer running; expected \(expected)", sourceLocation: sourceLocation)
            return
        }
        #expect(running.timer == expected, sourceLocation: sourceLocation)
        timer = nil
        run(machine.timerFired(running.timer))
    }

    mutating func transportFails() {
        run(machine.transportFailed("EIO"))
    }

    mutating func cancel() {
        run(machine.cancel())
    }

    /// The bytes written since the last call.
    mutating func takeSent() -> [UInt8] {
        defer { sent = [] }
        return sent
    }

    /// Drives a session from start until the terminal has acknowledged the request.
    mutating func startAndDeliverRequest(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try start()
        receive(Self.ACK)
        receive(Self.ACK)
        #expect(takeSent() == Self.ENQ + Self.requestFrame + Self.EOT, sourceLocation: sourceLocation)
        #expect(machine.requestAccepted, sourceLocation: sourceLocation)
    }

    private mutating func run(_ actions: [Action]) {
        log += actions
        for action in actions {
            switch action {
            case .send(let bytes): sent += bytes
            case .startTimer(let timer, let duration): self.timer = (timer, duration)
            case .cancelTimer: timer = nil
            case .complete, .fail, .outcomeUnknown:
                #expect(outcome == nil, "the session ended twice")
                outcome = action
            }
        }
    }
}
