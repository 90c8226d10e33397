// MARK: - Actions and timers

extension ConcertSessionStateMachine {
    /// Something the driver must do for the state machine; execute them in order.
    public enum Action: Hashable, Sendable {
        /// Write these bytes to the terminal.
        case send([UInt8])
        /// Start (or restart) the session's one timer; it replaces any timer already running.
        case startTimer(Timer, after: Duration)
        /// Stop the running timer, if any.
        case cancelTimer
        /// The terminal answered: approved, declined or not completed, as ``ConcertAnswer/status`` says.
        case complete(ConcertAnswer)
        /// The session ended and the card was certainly not charged (the request never got through).
        case fail(ConcertError)
        /// The session ended after the request may have reached the terminal, without a usable answer.
        ///
        /// The payment may have gone through. Resolve it with the terminal (its ticket or journal);
        /// never charge again blindly.
        case outcomeUnknown(ConcertError)
    }

    /// The session's timers; at most one runs at a time.
    public enum Timer: Hashable, Sendable {
        /// Waiting for `ACK`/`NAK` after `ENQ` or the request frame.
        case acknowledgement
        /// The pause between two `ENQ` attempts.
        case enquiryRetryPause
        /// Waiting for the terminal's `ENQ` that announces its answer.
        case answer
        /// Waiting for the answer frame to arrive complete.
        case frame
    }
}

extension ConcertSessionStateMachine.Action: CustomStringConvertible {
    /// A trace line; sent bytes show as control names or a frame length, never as content.
    public var description: String {
        switch self {
        case .send(let bytes):
            if bytes.count == 1, let control = ConcertControlByte(rawValue: bytes[0]) {
                return "send(\(control))"
            }
            return "send(frame of \(bytes.count) bytes)"
        case .startTimer(let timer, let duration): return "startTimer(\(timer), \(duration))"
        case .cancelTimer: return "cancelTimer"
        case .complete(let answer): return "complete(\(answer.status.meaning))"
        case .fail(let error): return "fail(\(error))"
        case .outcomeUnknown(let error): return "outcomeUnknown(\(error))"
        }
    }
}
