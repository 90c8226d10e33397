import POSFoundation

/// The ECR side of one ZVT exchange: send a command, wait for the acknowledgement, then follow the terminal
/// as master (prompts, receipt lines, Status Information) until Completion or Abort.
///
/// A pure state machine: one `mutating func` per event, each returning the ``Action``s the driver actor
/// performs. It does no I/O and reads no clock; the driver runs the timers it asks for.
///
/// ```swift
/// var machine = ZVTTransactionStateMachine(currency: .eur)
/// perform(try machine.start(.authorization(ZVTAuthorization(amount: total))))
/// // for every APDU from the terminal:  perform(machine.received(apdu))
/// // when a timer fires:                perform(machine.timerFired(.completion))
/// // when the connection fails:         perform(machine.transportFailed())
/// ```
///
/// Safety rule: once a money-moving command has left, a dropped line or a timeout ends in
/// ``Action/outcomeUnknown(_:)``, never in a failure that would invite charging again.
///
/// Time limits follow what the terminal says: after the acknowledgement a short silence limit
/// (``ZVTTimeouts/silenceAfterAcknowledge``), after a 04 FF with a timeout byte that many seconds (plus T3), after
/// the final status (04 0F) ``ZVTTimeouts/completionAfterStatus``, else T4. When a money-moving exchange falls silent
/// before its result, the machine sends Abort (06 B0) and gives the terminal T3 to answer `06 1E`; after that, or
/// when the result came but no Completion, the outcome is unknown and the driver settles it with the terminal.
/// A message cut short (``messageCutShort(silentFor:)``) counts as silence from the terminal's last byte: the same
/// short limit runs out, and since the lost message may have been the result, the exchange then ends unknown.
///
/// Related spec: ZVT PA00P015 chapter 2 "master/slave" flow; reference/zvt.md "Observed exchange".
public struct ZVTTransactionStateMachine: Sendable {
    private struct Exchange: Sendable {
        var command: ZVTCommand
        var statusInformation: ZVTStatusInformation?
        var receiptLines: [TerminalPrintLine] = []
        var abortRequested = false
        /// A message from the terminal was cut short (its bytes stopped mid-frame, or its frame was damaged): it
        /// may have been the result, so neither an abort's answer nor silence can show the payment was not charged.
        var lostMessage = false
    }

    private enum Limit { case afterAcknowledge, afterMessage(promptTimeout: UInt8?), abortAnswer, afterLostMessage }

    private enum State: Sendable {
        case idle
        case awaitingAcknowledgement(Exchange)
        case terminalIsMaster(Exchange)
    }

    /// The timeouts in use.
    public let timeouts: ZVTTimeouts
    /// The counter's currency: amounts the terminal reports without BMP 49 are read in it.
    public let currency: Currency
    private var state = State.idle

    /// Creates an idle state machine.
    public init(currency: Currency, timeouts: ZVTTimeouts = .standard) {
        self.currency = currency
        self.timeouts = timeouts
    }

    /// True when no exchange is running and ``start(_:)`` may be called.
    public var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }

    // MARK: - Events

    /// Starts an exchange by sending `command`. During a running exchange, ``ZVTCommand/abort`` asks the terminal
    /// to abort it (see ``requestAbort()``).
    ///
    /// - Throws: ``CardReaderError`` with cause `.busy` when an exchange is running, or `.protocolViolation` when
    ///   the command cannot be encoded (an amount out of range). Nothing was sent then.
    public mutating func start(_ command: ZVTCommand) throws(CardReaderError) -> [Action] {
        guard isIdle else {
            if command == .abort { return requestAbort() }
            throw CardReaderError(phase: command.phase, underlying: .busy)
        }
        let apdu: ZVTAPDU
        do { apdu = try command.apdu() } catch {
            throw CardReaderError(phase: command.phase, underlying: .protocolViolation(error))
        }
        state = .awaitingAcknowledgement(Exchange(command: command))
        return [.send(apdu), .startTimer(.acknowledge, timeouts.acknowledge)]
    }

    /// Asks the terminal to abort the running exchange (06 B0). The terminal answers `80 00 00` and, if it
    /// could abort, `06 1E 6C`; if it was too late, the exchange completes normally.
    public mutating func requestAbort() -> [Action] {
        switch state {
        case .idle:
            return []
        case .awaitingAcknowledgement(var exchange):
            exchange.abortRequested = true
            state = .awaitingAcknowledgement(exchange)
        case .terminalIsMaster(var exchange):
            exchange.abortRequested = true
            state = .terminalIsMaster(exchange)
        }
        return [.send(ZVTAPDU(.abortRequest))]
    }

    /// Handles an APDU from the terminal.
    public mutating func received(_ apdu: ZVTAPDU) -> [Action] {
        switch state {
        case .idle:
            // The terminal talks while nothing runs (a late message): acknowledge it so it does not repeat.
            return apdu.class == 0x80 || apdu.class == 0x84 ? [] : [.send(.acknowledgement)]
        case .awaitingAcknowledgement(let exchange):
            return receivedWhileAwaitingAcknowledgement(apdu, exchange)
        case .terminalIsMaster(let exchange):
            return receivedWhileMaster(apdu, exchange)
        }
    }

    /// Handles a timer the driver started.
    public mutating func timerFired(_ timer: Timer) -> [Action] {
        switch (state, timer) {
        case (.awaitingAcknowledgement(let exchange), .acknowledge):
            return end(exchange, unknown: .acknowledgeTimeout, cause: .timedOut)
        case (.terminalIsMaster(var exchange), .completion):
            if exchange.command.movesMoney, exchange.statusInformation == nil, !exchange.abortRequested {
                // Silent before any result: ask the terminal to abort, and give it T3 to say how it ended.
                exchange.abortRequested = true
                state = .terminalIsMaster(exchange)
                return [.send(ZVTAPDU(.abortRequest)), .startTimer(.completion, limit(.abortAnswer, exchange))]
            }
            let reason: ZVTUnresolvedTransaction.Reason = exchange.lostMessage
                ? .messageCutShort : exchange.statusInformation == nil ? .completionTimeout : .noCompletion
            return end(exchange, unknown: reason, cause: .timedOut)
        default:
            return []  // a stale timer from an earlier state
        }
    }

    /// Handles a message from the terminal that was cut short: its bytes stopped mid-frame for the link layer's
    /// frame-completion limit (TCP) or T1 (serial), or its frame arrived damaged. The terminal has been silent for
    /// `silentFor` already.
    ///
    /// While the terminal is master, the silence limit that applies when nothing more comes (15 s, or the
    /// Completion limit after a final status) restarts, less `silentFor`: the exchange ends as if the terminal had
    /// fallen silent at its last byte, not after the long limit an earlier prompt announced. The exchange is
    /// marked: its end is unknown (settled with the terminal), never "not charged", unless a complete report follows.
    /// Before the acknowledgement T3 already bounds the wait, and an idle machine has nothing to end.
    public mutating func messageCutShort(silentFor: Duration) -> [Action] {
        guard case .terminalIsMaster(var exchange) = state else { return [] }
        exchange.lostMessage = true
        state = .terminalIsMaster(exchange)
        let remaining = limit(.afterLostMessage, exchange) - silentFor
        return [.startTimer(.completion, max(.zero, remaining))]
    }

    /// Handles the serial link giving up on our command's frame because the terminal answered every copy with NAK
    /// before the command was ever acknowledged: the terminal discarded each copy, so nothing moved and the command
    /// fails (not charged). Anywhere else this is a failed line (``transportFailed()``).
    public mutating func commandRefused() -> [Action] {
        guard case .awaitingAcknowledgement(let exchange) = state else { return transportFailed() }
        state = .idle
        return [
            .cancelTimer(.acknowledge),
            .fail(CardReaderError(phase: exchange.command.phase, underlying: .transportFailed)),
        ]
    }

    /// Handles the connection to the terminal failing.
    public mutating func transportFailed() -> [Action] {
        switch state {
        case .idle:
            return []
        case .awaitingAcknowledgement(let exchange):
            return [.cancelTimer(.acknowledge)] + end(exchange, unknown: .transportFailed, cause: .transportFailed)
        case .terminalIsMaster(let exchange):
            return [.cancelTimer(.completion)] + end(exchange, unknown: .transportFailed, cause: .transportFailed)
        }
    }
}

// MARK: - Transitions

extension ZVTTransactionStateMachine {
    private mutating func receivedWhileAwaitingAcknowledgement(_ apdu: ZVTAPDU, _ exchange: Exchange) -> [Action] {
        switch try? ZVTTerminalMessage(apdu: apdu) {
        case .acknowledgement:
            if exchange.command == .abort || exchange.command == .logOff {
                state = .idle
                return [.cancelTimer(.acknowledge), .complete(ZVTTransactionOutcome(command: exchange.command.code))]
            }
            state = .terminalIsMaster(exchange)
            return [.cancelTimer(.acknowledge), .startTimer(.completion, limit(.afterAcknowledge, exchange))]
        case .negativeAcknowledgement(let code):
            state = .idle
            return [
                .cancelTimer(.acknowledge),
                .fail(CardReaderError(phase: exchange.command.phase, resultCode: code, underlying: .rejected)),
            ]
        default:
            // Some terminals skip 80 00 00 and start as master at once: take the message as the acknowledgement.
            state = .terminalIsMaster(exchange)
            return [.cancelTimer(.acknowledge)] + receivedWhileMaster(apdu, exchange)
        }
    }

    private mutating func receivedWhileMaster(_ apdu: ZVTAPDU, _ exchange: Exchange) -> [Action] {
        var exchange = exchange
        let restart = Action.startTimer(.completion, limit(.afterMessage(promptTimeout: nil), exchange))
        let message: ZVTTerminalMessage
        do { message = try ZVTTerminalMessage(apdu: apdu) } catch {
            // Acknowledge so the terminal goes on. (Status Information is read tolerantly and never lands here.)
            return [.send(.acknowledgement), restart]
        }
        switch message {
        case .acknowledgement, .negativeAcknowledgement:
            return []  // the answer to our 06 B0
        case .intermediateStatus(let status):
            let announced = Action.startTimer(.completion, limit(.afterMessage(promptTimeout: status.timeout), exchange))
            return [.send(.acknowledgement), .emitPrompt(status.prompt), announced]
        case .printLine(let line):
            exchange.receiptLines.append(line.printLine)
            state = .terminalIsMaster(exchange)
            return [.send(.acknowledgement), .emitPrintLine(line.printLine), restart]
        case .printTextBlock(let block):
            let lines = block.lines.map { TerminalPrintLine(text: $0) }
            exchange.receiptLines += lines
            state = .terminalIsMaster(exchange)
            return [.send(.acknowledgement)] + lines.map(Action.emitPrintLine) + [restart]
        case .statusInformation(let status):
            // The latest report stands, even a damaged one: an earlier approval must not outlive a later report
            // (it could be a decline after a pre-approval).
            exchange.statusInformation = status
            state = .terminalIsMaster(exchange)
            return [.send(.acknowledgement), .startTimer(.completion, limit(.afterMessage(promptTimeout: nil), exchange))]
        case .completion(let completion):
            state = .idle
            return [.send(.acknowledgement), .cancelTimer(.completion)] + finish(exchange, completion: completion)
        case .abort(let code):
            state = .idle
            return [.send(.acknowledgement), .cancelTimer(.completion)] + aborted(exchange, code: code)
        case .unsupported:
            return [.send(.negativeAcknowledgement(ZVTResultCode.functionNotPossible.rawValue)), restart]
        }
    }

    private func finish(_ exchange: Exchange, completion: ZVTCompletion?) -> [Action] {
        let command = exchange.command
        if command.movesMoney, exchange.statusInformation?.isDamaged == true {
            // A damaged report's result code may not be what the terminal meant: settle it with the terminal.
            return [.outcomeUnknown(unresolved(exchange, .unreadableResult))]
        }
        if let status = exchange.statusInformation, !status.resultCode.isSuccess {
            // Repeat Receipt of a declined transaction: the repeat succeeded, its content is the decline.
            if command.code == .repeatReceipt { return [.complete(outcome(exchange, completion: completion))] }
            return [.fail(declined(exchange, code: status.resultCode))]
        }
        if command.movesMoney {
            guard let status = exchange.statusInformation else {
                return [.outcomeUnknown(unresolved(exchange, .noStatusInformation))]
            }
            // Without BMP 27 (or with an unknown field before it) a decline could pass for an approval.
            guard status.hasResultCode else { return [.outcomeUnknown(unresolved(exchange, .unreadableResult))] }
            // Approved, but the report ended in a field we do not know: confirm the details with the terminal.
            guard status.isComplete else { return [.outcomeUnknown(unresolved(exchange, .detailsToConfirm))] }
        }
        return [.complete(outcome(exchange, completion: completion))]
    }

    private func outcome(_ exchange: Exchange, completion: ZVTCompletion?) -> ZVTTransactionOutcome {
        let command = exchange.command
        let payment = exchange.statusInformation.flatMap { status -> PaymentResult? in
            guard let amount = requestedAmount(command) ?? status.amount(fallbackCurrency: currency) else { return nil }
            return status.paymentResult(requestedAmount: amount, slipLines: exchange.receiptLines.map(\.text))
        }
        return ZVTTransactionOutcome(
            command: command.code, payment: payment, statusInformation: exchange.statusInformation,
            completion: completion, receiptLines: exchange.receiptLines
        )
    }

    private func aborted(_ exchange: Exchange, code: ZVTResultCode) -> [Action] {
        if exchange.command.movesMoney, let status = exchange.statusInformation, status.resultCode.isSuccess,
           status.hasResultCode {
            return [.outcomeUnknown(unresolved(exchange, .contradictoryResult))]
        }
        if exchange.command.code == .repeatReceipt, let status = exchange.statusInformation, status.hasResultCode,
           !status.resultCode.isSuccess {
            // Some terminals end the repeat of a declined transaction as they ended the transaction: with 06 1E.
            return [.complete(outcome(exchange, completion: nil))]
        }
        if exchange.command.movesMoney, exchange.lostMessage {
            // The lost message may have been the approval, and a terminal may answer a late abort with 06 1E all
            // the same: only its last transaction can tell.
            return [.outcomeUnknown(unresolved(exchange, .messageCutShort))]
        }
        if code == .abortedByTimeoutOrKey {
            return [.fail(CardReaderError(phase: exchange.command.phase, resultCode: code, underlying: .aborted))]
        }
        return [.fail(declined(exchange, code: code))]
    }

    private mutating func end(
        _ exchange: Exchange, unknown reason: ZVTUnresolvedTransaction.Reason, cause: CardReaderError.Cause
    ) -> [Action] {
        state = .idle
        if exchange.command.movesMoney {
            return [.outcomeUnknown(unresolved(exchange, reason))]
        }
        return [.fail(CardReaderError(phase: exchange.command.phase, underlying: cause))]
    }

    private func declined(_ exchange: Exchange, code: ZVTResultCode) -> CardReaderError {
        let phase: CardReaderError.Phase =
            code.isCardReadProblem && exchange.command.movesMoney ? .cardRead : exchange.command.phase
        return CardReaderError(phase: phase, resultCode: code, underlying: .declined)
    }

    private func unresolved(_ exchange: Exchange, _ reason: ZVTUnresolvedTransaction.Reason) -> ZVTUnresolvedTransaction {
        ZVTUnresolvedTransaction(
            command: exchange.command.code, amount: requestedAmount(exchange.command), reason: reason,
            lastStatusInformation: exchange.statusInformation, receiptLines: exchange.receiptLines
        )
    }

    /// How long the terminal may stay silent next.
    private func limit(_ limit: Limit, _ exchange: Exchange) -> Duration {
        switch limit {
        case .abortAnswer:
            return timeouts.acknowledge
        case .afterLostMessage:
            if exchange.statusInformation != nil { return timeouts.completionAfterStatus }
            // An abort already sent (by the cashier or after silence) has T3 for its answer.
            if exchange.abortRequested { return timeouts.acknowledge }
            return timeouts.silenceAfterAcknowledge
        case .afterAcknowledge:
            switch exchange.command {
            case .authorization, .refund, .reversal, .statusEnquiry, .repeatReceipt: return timeouts.silenceAfterAcknowledge
            default: return timeouts.completion
            }
        case .afterMessage(let promptTimeout):
            if exchange.statusInformation != nil { return timeouts.completionAfterStatus }
            if let promptTimeout, promptTimeout > 0 { return .seconds(Int(promptTimeout)) + timeouts.acknowledge }
            return timeouts.completion
        }
    }

    private func requestedAmount(_ command: ZVTCommand) -> Money? {
        switch command {
        case .authorization(let authorization): authorization.amount
        case .refund(_, let amount): amount
        default: nil
        }
    }
}
