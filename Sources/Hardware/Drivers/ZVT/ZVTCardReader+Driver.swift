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
        let previousReceipt = lastReceiptNumber
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
            return .outcomeUnknown(unknown(operation, reason: unresolved.reason.rawValue, previousReceipt: previousReceipt,
                                           lines: unresolved.receiptLines.map(\.text)))
        case .completed(let outcome):
            guard operation.movesMoney else { return .report(Self.report(outcome, currency: defaultCurrency)) }
            guard let payment = outcome.payment else {
                return .outcomeUnknown(unknown(operation, reason: "noPaymentResult", previousReceipt: previousReceipt,
                                               lines: outcome.receiptLines.map(\.text)))
            }
            return .approved(payment)
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
            return Self.resolution(of: unknown, lastTransaction: outcome.payment)
        case .failed(let error) where error.underlying == .transportFailed || error.underlying == .timedOut:
            throw error
        case .failed(let error):
            return .stillUnknown(reason: "the terminal repeated no receipt (\(error.message))")
        case .outcomeUnknown:
            return .stillUnknown(reason: "the terminal did not finish repeating its last receipt")
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
        _ operation: CardReaderOperation, reason: String, previousReceipt: Int?, lines: [String]
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
            previousReceiptNumber: previousReceipt, receiptLines: lines
        )
    }

    /// Decides from the terminal's last transaction (Repeat Receipt) what became of an unknown operation.
    ///
    /// The last transaction is ours when its receipt number differs from the one seen before ours and its amount
    /// matches; approved then. The same receipt number as before means ours never ran. Anything else stays unknown.
    public static func resolution(of unknown: UnknownCardOutcome, lastTransaction: PaymentResult?) -> UnknownOutcomeResolution {
        guard let last = lastTransaction else { return .stillUnknown(reason: "the terminal reported no last transaction") }
        if let previous = unknown.previousReceiptNumber, last.receiptNumber == previous { return .notCharged }
        if let amount = unknown.amount, last.amount.minorUnits != amount.minorUnits {
            return unknown.previousReceiptNumber == nil
                ? .stillUnknown(reason: "the terminal's last transaction has another amount")
                : .notCharged
        }
        guard last.resultCode.isSuccess else { return .notCharged }
        return .approved(last)
    }

    static func report(_ outcome: ZVTTransactionOutcome, currency: Currency) -> TerminalReport {
        let status = outcome.statusInformation
        let reply = outcome.completion?.statusEnquiryReply
        return TerminalReport(
            total: status?.amount(fallbackCurrency: currency),
            terminalID: status?.fields.bytes(.terminalID).flatMap { BCD.digits($0) } ?? outcome.completion?.terminalID,
            softwareVersion: reply?.softwareVersion,
            terminalStatus: reply.map { Int($0.terminalStatus) },
            receiptLines: outcome.receiptLines.map(\.text)
        )
    }
}
