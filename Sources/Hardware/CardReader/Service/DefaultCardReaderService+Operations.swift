import POSFoundation

extension DefaultCardReaderService {
    public nonisolated func collectPayment(_ request: PaymentRequest) -> AsyncThrowingStream<PaymentProgress, any Error> {
        stream(for: .payment(request))
    }

    public nonisolated func refund(_ amount: Money) -> AsyncThrowingStream<PaymentProgress, any Error> {
        stream(for: .refund(amount))
    }

    public nonisolated func reverse(receiptNumber: Int) -> AsyncThrowingStream<PaymentProgress, any Error> {
        stream(for: .reversal(receiptNumber: receiptNumber))
    }

    public func cancel() async {
        await connectedDriver()?.cancel()
    }

    public func endOfDay() async throws(CardReaderError) -> TerminalReport {
        try await report(for: .endOfDay)
    }

    public func status() async throws(CardReaderError) -> TerminalReport {
        try await report(for: .status)
    }

    public func diagnosis() async throws(CardReaderError) -> TerminalReport {
        try await report(for: .diagnosis)
    }

    public func resolveUnknownOutcome(
        _ unknown: UnknownCardOutcome
    ) async throws(CardReaderError) -> UnknownOutcomeResolution {
        guard let driver = connectedDriver() else { throw CardReaderError(phase: .connection, underlying: .transportFailed) }
        return try await driver.resolve(unknown)
    }

    public func lastKnownReceiptNumber() async -> Int? {
        await connectedDriver()?.lastKnownReceiptNumber()
    }

    /// Runs one operation on the connected driver, forwarding prompts as reader events too.
    public func perform(
        _ operation: CardReaderOperation, progress: @escaping @Sendable (PaymentProgress) -> Void = { _ in }
    ) async throws(CardReaderError) -> CardReaderOperationOutcome {
        guard let driver = connectedDriver() else {
            throw CardReaderError(phase: .connection, underlying: .transportFailed)
        }
        let events = readerEventSink()
        return try await driver.perform(operation) { step in
            if case .prompt(let prompt) = step { events(.prompt(prompt)) }
            progress(step)
        }
    }

    // MARK: - Helpers

    private nonisolated func stream(for operation: CardReaderOperation) -> AsyncThrowingStream<PaymentProgress, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let outcome = try await self.perform(operation) { continuation.yield($0) }
                    switch outcome {
                    case .approved(let result): continuation.yield(.completed(result))
                    case .outcomeUnknown(let unknown): continuation.yield(.outcomeUnknown(unknown))
                    case .report: break
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { termination in
                // A consumer that stops listening does not cancel a payment: the terminal decides how it ends.
                if case .cancelled = termination { _ = task }
            }
        }
    }

    private func report(for operation: CardReaderOperation) async throws(CardReaderError) -> TerminalReport {
        switch try await perform(operation) {
        case .report(let report): return report
        case .approved, .outcomeUnknown: return TerminalReport()
        }
    }
}
