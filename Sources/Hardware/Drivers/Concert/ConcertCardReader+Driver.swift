import Localization
import POSFoundation

extension ConcertCardReader: CardReaderDriver {
    public func connect() async throws(CardReaderError) -> TerminalReport {
        try await open()
        return TerminalReport()
    }

    public func disconnect() async {
        await close()
    }

    public func cancel() async {
        cancelSession()
    }

    public func perform(
        _ operation: CardReaderOperation, progress: @escaping @Sendable (PaymentProgress) -> Void
    ) async throws(CardReaderError) -> CardReaderOperationOutcome {
        if !isConnected { try await open() }
        let request: ConcertRequest
        let amount: Money
        do {
            switch operation {
            case .payment(let payment):
                amount = payment.amount
                // The request's private field stays spaces, as reference/concert.md and pyteliummanager send it:
                // the terminal's answer uses that field for its own transaction id, and the order reference
                // stays in the counter's payment journal.
                request = try .payment(amount, posNumber: posNumber)
            case .refund(let money):
                amount = money
                request = try .refund(amount, posNumber: posNumber)
            case .reversal, .endOfDay, .status, .diagnosis:
                // Concert E+ carries only debit, credit and cancellation of an amount; the rest is done on the terminal.
                throw CardReaderError(phase: operation.phase, resultCode: .functionNotPossible, underlying: .rejected)
            }
        } catch let error as CardReaderError {
            throw error
        } catch {
            throw CardReaderError(phase: operation.phase, underlying: .rejected)
        }
        progress(.prompt(CardReaderPrompt(kind: .insertCard, text: L10n.tr("reader.prompt.followTerminal"))))
        switch await run(request) {
        case .answered(let answer):
            return try Self.outcome(of: answer, requested: amount, phase: operation.phase, reader: address.description)
        case .failed(let error):
            throw Self.cardReaderError(error, phase: operation.phase)
        case .outcomeUnknown(let error):
            return .outcomeUnknown(UnknownCardOutcome(
                reader: address.description, kind: operation.phase == .refund ? .refund : .payment, amount: amount,
                reason: Self.cashierReason(error)
            ))
        }
    }

    /// The error's message as a clause for "The terminal did not confirm the payment (…)"; the code stays in the log.
    static func cashierReason(_ error: ConcertError) -> String {
        var text = error.message
        if text.hasSuffix(".") { text.removeLast() }
        // German keeps the capital: its nouns always have one.
        guard L10n.screen.language == .english, let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    public func resolve(_ unknown: UnknownCardOutcome) async throws(CardReaderError) -> UnknownOutcomeResolution {
        .stillUnknown(reason: L10n.tr("error.concert.cannotResolve"))
    }

    // MARK: - Mapping

    static func outcome(
        of answer: ConcertAnswer, requested: Money, phase: CardReaderError.Phase, reader: String
    ) throws(CardReaderError) -> CardReaderOperationOutcome {
        switch answer.status {
        case .approved:
            let currency = answer.currency.isoCurrency ?? requested.currency
            return .approved(PaymentResult(
                amount: Money(minorUnits: answer.amountMinorUnits, currency: currency),
                maskedPAN: answer.cardNumberLastFour.flatMap { MaskedPAN(lastFour: $0, length: 16) },
                approvalCode: answer.transactionID.isEmpty ? nil : answer.transactionID
            ))
        case .declined:
            throw CardReaderError(phase: phase, underlying: .declined)
        case .notCompleted:
            throw CardReaderError(phase: phase, resultCode: .abortedByTimeoutOrKey, underlying: .aborted)
        case .unrecognized:
            // The state machine reports an unrecognised status as unknown; keep it so if it ever reaches here.
            return .outcomeUnknown(UnknownCardOutcome(
                reader: reader, kind: phase == .refund ? .refund : .payment, amount: requested,
                reason: cashierReason(ConcertError(code: .unrecognizedStatus, phase: .answerReception))
            ))
        }
    }

    static func cardReaderError(_ error: ConcertError, phase: CardReaderError.Phase) -> CardReaderError {
        switch error.code {
        case .terminalNotResponding: CardReaderError(phase: .connection, underlying: .timedOut)
        case .cancelled: CardReaderError(phase: phase, underlying: .aborted)
        case .sessionBusy: CardReaderError(phase: phase, underlying: .busy)
        case .requestRejected: CardReaderError(phase: phase, underlying: .rejected)
        default: CardReaderError(phase: phase, underlying: .transportFailed)
        }
    }
}
