import Localization
import Logging
import POSFoundation

extension ZVTCardReader: CardReaderDriver {
    public func connect() async throws(CardReaderError) -> TerminalReport {
        let outcome = try await open()
        return TerminalReport(terminalID: outcome?.completion?.terminalID)
    }

    public func disconnect() async {
        await close()
    }

    public func cancel() async {
        requestAbort()
    }

    public func perform(
        _ operation: CardReaderOperation, progress: @escaping @Sendable (PaymentProgress) -> Void
    ) async throws(CardReaderError) -> CardReaderOperationOutcome {
        var previousReceipt = lastReceiptNumber
        var startedAt: Int64?
        if case .payment(let request) = operation {
            previousReceipt = request.previousReceiptNumber ?? lastReceiptNumber
            startedAt = request.startedAtUnixTime
        }
        let result = await run(command(for: operation)) { event in
            switch event {
            case .prompt(let prompt): progress(.prompt(prompt))
            case .printLine(let line): progress(.printLine(line))
            }
        }
        switch result {
        case .failed(let error):
            throw error
        case .outcomeUnknown(let unresolved):
            let open = unknown(operation, reason: unresolved.reason.cashierText, previousReceipt: previousReceipt,
                               lines: unresolved.receiptLines.map(\.text), startedAt: startedAt)
            logger?.notice("zvt: \(address) outcome open (\(unresolved.reason.rawValue)); settling with the terminal")
            switch await settle(open, unresolved) {
            case .settled(let outcome):
                logger?.notice("zvt: \(address) \(unresolved.reason.rawValue) settled: \(Self.logWord(outcome))")
                return outcome
            case .notCharged:
                logger?.notice("zvt: \(address) \(unresolved.reason.rawValue) settled: not charged")
                throw CardReaderError(phase: command(for: operation).phase, underlying: .timedOut)
            }
        case .completed(let outcome):
            guard operation.movesMoney else { return .report(Self.report(outcome, currency: defaultCurrency)) }
            guard let payment = outcome.payment else {
                return .outcomeUnknown(unknown(operation, reason: L10n.tr("reader.unknown.noPayment"),
                                               previousReceipt: previousReceipt,
                                               lines: outcome.receiptLines.map(\.text), startedAt: startedAt))
            }
            return .approved(payment)
        }
    }

    /// Settles at once, with Status Enquiry and Repeat Receipt on this connection, an outcome the terminal left
    /// open while the line still works (it fell silent, did not answer the abort, or approved with details we
    /// could not read): the payment ends within seconds of the terminal's last byte instead of waiting for
    /// `pos reader resolve`. A lost line is left to the journal and a new connection.
    ///
    /// Returns ``Settlement/notCharged`` when the terminal's last transaction shows this one was not charged.
    private func settle(_ open: UnknownCardOutcome, _ unresolved: ZVTUnresolvedTransaction) async -> Settlement {
        guard unresolved.reason != .transportFailed, isConnected else { return .settled(.outcomeUnknown(open)) }
        let resolution: UnknownOutcomeResolution
        do { resolution = try await resolve(open) } catch { return .settled(.outcomeUnknown(open)) }
        switch resolution {
        case .approved(let result):
            return .settled(.approved(result))
        case .notCharged:
            if let status = unresolved.lastStatusInformation, status.hasResultCode, status.resultCode.isSuccess {
                // The terminal reported an approval and its last receipt says otherwise: never decide that alone.
                var contradicted = open
                contradicted.reason = L10n.tr("reader.unknown.contradictedByReceipt")
                return .settled(.outcomeUnknown(contradicted))
            }
            return .notCharged
        case .stillUnknown(let reason):
            var still = open
            still.reason = L10n.tr("reader.unknown.notSettled", ["reason": open.reason, "why": reason])
            return .settled(.outcomeUnknown(still))
        }
    }

    private enum Settlement { case settled(CardReaderOperationOutcome), notCharged }

    /// How a settlement ended, for the log (no card data).
    private static func logWord(_ outcome: CardReaderOperationOutcome) -> String {
        switch outcome {
        case .approved(let result): "approved, receipt \(result.receiptNumber.map(String.init) ?? "none")"
        case .outcomeUnknown: "still unknown"
        case .report: "report"
        }
    }

    public func resolve(_ unknown: UnknownCardOutcome) async throws(CardReaderError) -> UnknownOutcomeResolution {
        if !isConnected { _ = try await open() }
        // Status Enquiry first: it confirms the terminal is idle and finishes any half-done exchange on its side.
        if case .failed(let error) = await run(.statusEnquiry(password: nil, serviceByte: nil)),
           error.underlying == .transportFailed || error.underlying == .timedOut {
            throw error
        }
        switch await run(.repeatReceipt(password: password)) {
        case .completed(let outcome):
            if let receipt = outcome.payment?.receiptNumber { lastReceiptNumber = receipt }
            return matcher.resolution(of: unknown, lastTransaction: outcome.payment)
        case .failed(let error) where error.underlying == .transportFailed || error.underlying == .timedOut:
            throw error
        case .failed(let error):
            return .stillUnknown(reason: L10n.tr("reader.unknown.noRepeat", ["error": error.message]))
        case .outcomeUnknown:
            return .stillUnknown(reason: L10n.tr("reader.unknown.repeatUnfinished"))
        }
    }

    // MARK: - Mapping

    private func command(for operation: CardReaderOperation) -> ZVTCommand {
        switch operation {
        case .payment(let request): .authorization(ZVTAuthorization(amount: request.amount))
        case .refund(let amount): .refund(password: password, amount: amount)
        case .reversal(let receiptNumber): .reversal(password: password, receiptNumber: receiptNumber)
        case .endOfDay: .endOfDay(password: password)
        case .status: .statusEnquiry(password: nil, serviceByte: nil)
        case .diagnosis: .diagnosis
        }
    }

    private func unknown(
        _ operation: CardReaderOperation, reason: String, previousReceipt: Int?, lines: [String], startedAt: Int64?
    ) -> UnknownCardOutcome {
        var kind = UnknownCardOutcome.Kind.payment
        var amount: Money?
        var reversed: Int?
        switch operation {
        case .payment(let request): amount = request.amount
        case .refund(let money): kind = .refund; amount = money
        case .reversal(let receipt): kind = .reversal; reversed = receipt
        default: break
        }
        return UnknownCardOutcome(
            reader: address.description, kind: kind, amount: amount, reversedReceiptNumber: reversed, reason: reason,
            previousReceiptNumber: previousReceipt, receiptLines: lines, startedAtUnixTime: startedAt
        )
    }

    /// Decides from the terminal's last transaction (Repeat Receipt) what became of an unknown operation, with
    /// the default ``UnknownOutcomeMatcher`` (terminal time in UTC).
    public static func resolution(of unknown: UnknownCardOutcome, lastTransaction: PaymentResult?) -> UnknownOutcomeResolution {
        UnknownOutcomeMatcher().resolution(of: unknown, lastTransaction: lastTransaction)
    }

    /// The receipt number of the last transaction this connection saw complete, if any.
    public func lastKnownReceiptNumber() async -> Int? { lastReceiptNumber }

    static func report(_ outcome: ZVTTransactionOutcome, currency: Currency) -> TerminalReport {
        let status = outcome.statusInformation
        let reply = outcome.completion?.statusEnquiryReply
        return TerminalReport(
            total: status?.amount(fallbackCurrency: currency),
            terminalID: status?.fields.bytes(.terminalID).flatMap { BCD.digits($0) } ?? outcome.completion?.terminalID,
            softwareVersion: reply?.softwareVersion,
            terminalStatus: reply.map { Int($0.terminalStatus) },
            receiptLines: outcome.receiptLines.map(\.text),
            cardTotals: status?.fields.bytes(.individualTotals).flatMap { ZVTIndividualTotals($0) }
        )
    }
}
