extension ZVTTransactionStateMachine {
    /// The timers the state machine asks the driver to run.
    public enum Timer: Hashable, Sendable {
        /// T3: waiting for the terminal's `80 00 00` after a command.
        case acknowledge
        /// T4: waiting for the terminal's next message while it is master, up to Completion.
        case completion
    }

    /// What the driver does next, in order.
    public enum Action: Hashable, Sendable {
        /// Send an APDU (a command, `80 00 00` acknowledging a terminal message, or `84 xx 00`).
        case send(ZVTAPDU)
        /// Start or restart a timer; when it fires call ``ZVTTransactionStateMachine/timerFired(_:)``.
        case startTimer(Timer, Duration)
        /// Cancel a timer.
        case cancelTimer(Timer)
        /// Show a prompt to the cardholder and cashier.
        case emitPrompt(CardReaderPrompt)
        /// Pass a receipt line to the receipt being collected (print after the transaction is settled).
        case emitPrintLine(TerminalPrintLine)
        /// The operation finished successfully.
        case complete(ZVTTransactionOutcome)
        /// The operation failed; for a payment, no money moved.
        case fail(CardReaderError)
        /// A payment, refund or reversal may or may not have happened: settle it with the terminal.
        case outcomeUnknown(ZVTUnresolvedTransaction)
    }
}
