/// One weighing on a Mettler Toledo 8217 scale, as a pure state machine.
///
/// One `mutating func` per event; each returns the ``Action``s the driver executes (write bytes, start or cancel
/// a timer, finish). No I/O, no clock.
///
/// ```
/// register: W → scale: STX "01.234" CR              → finish(weight 1234 g)
///           W → scale: STX "?" 0x41 CR (in motion)  → wait motionRetryInterval → W → …
///           W → (nothing within answerTimeout)      → W again, up to `attempts` times → noAnswer
/// ```
///
/// A stable zero (`00.000`) is not a sale: it finishes with ``ScaleError/Code/zero``. Over capacity, under zero
/// and a zero error finish at once; motion is retried until ``Configuration/motionRetries`` run out
/// (``ScaleError/Code/unstable``). A weight in pounds (2 decimals) is refused (``ScaleError/Code/wrongUnit``).
public struct Toledo8217WeighingStateMachine: Sendable {
    /// Timeouts and retries.
    public struct Configuration: Hashable, Sendable {
        /// How long to wait for an answer to `W`.
        public var answerTimeout: Duration
        /// How many times `W` is sent when no (readable) answer comes.
        public var attempts: Int
        /// The pause before asking again while the scale reports motion.
        public var motionRetryInterval: Duration
        /// How many times to ask again while the scale reports motion.
        public var motionRetries: Int

        public init(answerTimeout: Duration = .seconds(1), attempts: Int = 3,
                    motionRetryInterval: Duration = .milliseconds(250), motionRetries: Int = 12) {
            self.answerTimeout = answerTimeout
            self.attempts = attempts
            self.motionRetryInterval = motionRetryInterval
            self.motionRetries = motionRetries
        }

        /// 1 s per answer, 3 attempts, motion retried every 250 ms for 3 s.
        public static let standard = Configuration()
    }

    /// The driver's timers.
    public enum Timer: Hashable, Sendable {
        /// No answer to `W` yet.
        case answer
        /// The pause before asking again after motion.
        case motionRetry
    }

    /// What the driver does next.
    public enum Action: Hashable, Sendable {
        case send([UInt8])
        case startTimer(Timer, Duration)
        case cancelTimer(Timer)
        case finish(Result<ScaleWeight, ScaleError>)
    }

    enum State: Hashable, Sendable {
        case idle
        case awaitingAnswer(attempt: Int)
        case pausing
        case finished
    }

    public let configuration: Configuration
    var state: State = .idle
    var parser = Toledo8217Parser()
    var motionRetriesLeft = 0

    public init(configuration: Configuration = .standard) {
        self.configuration = configuration
    }

    /// Whether a weighing is under way.
    public var isActive: Bool {
        switch state {
        case .idle, .finished: false
        default: true
        }
    }

    // MARK: - Events

    /// Starts a weighing: asks for the weight.
    ///
    /// - Throws: ``ScaleError/Code/busy`` while another weighing runs.
    public mutating func start() throws(ScaleError) -> [Action] {
        guard !isActive else { throw ScaleError(.busy) }
        parser.reset()
        motionRetriesLeft = configuration.motionRetries
        return ask(attempt: 1)
    }

    /// Bytes from the scale.
    public mutating func bytesReceived(_ bytes: [UInt8]) -> [Action] {
        guard case .awaitingAnswer(let attempt) = state else { return [] }
        parser.append(bytes)
        let answer: Toledo8217Answer?
        do {
            answer = try parser.nextAnswer()
        } catch {
            // Line noise: ask again while attempts remain.
            parser.reset()
            guard attempt < configuration.attempts else {
                return finish(.failure(ScaleError(.unreadable, detail: Self.describe(error))), cancelling: .answer)
            }
            return [.cancelTimer(.answer)] + ask(attempt: attempt + 1)
        }
        guard let answer else { return [] }
        return handle(answer)
    }

    /// A timer ran out.
    public mutating func timerFired(_ timer: Timer) -> [Action] {
        switch (timer, state) {
        case (.answer, .awaitingAnswer(let attempt)):
            guard attempt < configuration.attempts else { return finish(.failure(ScaleError(.noAnswer))) }
            parser.reset()
            return ask(attempt: attempt + 1)
        case (.motionRetry, .pausing):
            return ask(attempt: 1)
        default:
            return []
        }
    }

    /// The line dropped.
    public mutating func transportFailed(_ cause: String) -> [Action] {
        guard isActive else { return [] }
        return finish(.failure(ScaleError(.lineFailed, detail: cause)), cancelling: .answer, .motionRetry)
    }

    /// The counter gave up waiting.
    public mutating func cancel() -> [Action] {
        guard isActive else { return [] }
        return finish(.failure(ScaleError(.cancelled)), cancelling: .answer, .motionRetry)
    }

    // MARK: - Steps

    private mutating func ask(attempt: Int) -> [Action] {
        state = .awaitingAnswer(attempt: attempt)
        return [.send(Toledo8217Command.weigh.bytes), .startTimer(.answer, configuration.answerTimeout)]
    }

    private mutating func handle(_ answer: Toledo8217Answer) -> [Action] {
        switch answer {
        case .weight(let weight):
            guard let grams = weight.grams else {
                return finish(.failure(ScaleError(.wrongUnit, detail: weight.text)), cancelling: .answer)
            }
            guard grams > 0 else { return finish(.failure(ScaleError(.zero)), cancelling: .answer) }
            let result = ScaleWeight(grams: grams, isNet: weight.isNet, displayed: weight.text)
            return finish(.success(result), cancelling: .answer)
        case .status(let status):
            if status.contains(.overCapacity) { return finish(.failure(ScaleError(.overCapacity)), cancelling: .answer) }
            if status.contains(.underZero) { return finish(.failure(ScaleError(.underZero)), cancelling: .answer) }
            if status.contains(.outsideZeroCaptureRange) {
                return finish(.failure(ScaleError(.zeroError)), cancelling: .answer)
            }
            if status.contains(.motion) {
                guard motionRetriesLeft > 0 else { return finish(.failure(ScaleError(.unstable)), cancelling: .answer) }
                motionRetriesLeft -= 1
                state = .pausing
                return [.cancelTimer(.answer), .startTimer(.motionRetry, configuration.motionRetryInterval)]
            }
            // A status without a reason (only centre of zero or net): no weight to sell.
            return finish(.failure(ScaleError(.zero)), cancelling: .answer)
        }
    }

    private mutating func finish(_ result: Result<ScaleWeight, ScaleError>, cancelling timers: Timer...) -> [Action] {
        state = .finished
        parser.reset()
        return timers.map { .cancelTimer($0) } + [.finish(result)]
    }

    static func describe(_ error: Toledo8217Parser.ParseError) -> String {
        switch error {
        case .frameTooLong: "no CR within \(Toledo8217Parser.maximumFrameLength) bytes"
        case .malformed(let hex): "unexpected frame \(hex)"
        }
    }
}
