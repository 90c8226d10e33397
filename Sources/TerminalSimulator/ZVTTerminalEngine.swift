import Hardware
import POSFoundation

/// A simulated ZVT payment terminal: it answers Registration, Authorisation, Refund, Reversal, End-of-Day,
/// Status Enquiry, Repeat Receipt, Diagnosis, Abort and Log-Off over any ``ByteTransport`` (TCP, a pty, an
/// in-memory pipe), as its ``TerminalScript`` says.
///
/// ```swift
/// let engine = ZVTTerminalEngine(framing: .bareAPDU, script: TerminalScript(), ledger: TerminalLedger())
/// await engine.serve(transport)        // until the counter closes the connection
/// ```
public struct ZVTTerminalEngine: Sendable {
    /// How APDUs travel.
    public let framing: ZVTCardReader.Framing
    /// What the terminal does.
    public let script: TerminalScript
    /// Numbering, batch and the approval log; shared across connections.
    public let ledger: TerminalLedger
    /// The clock for the slow-link delay.
    public let clock: any Clock<Duration>
    /// How long the terminal waits for the counter's `80 00 00` after each message.
    public let acknowledgeTimeout: Duration
    /// Told what a held transaction is doing (`hold`, `hold-request`, `wait`), so a test can act at that moment.
    public let announce: @Sendable (String) -> Void
    /// Returns when a `wait` transaction may go on (immediately unless the host says otherwise).
    public let waitForRelease: @Sendable () async -> Void
    /// The language of the slips it prints.
    public let language: TerminalLanguage

    /// Creates an engine.
    public init(
        framing: ZVTCardReader.Framing, script: TerminalScript = TerminalScript(), ledger: TerminalLedger = TerminalLedger(),
        clock: any Clock<Duration> = ContinuousClock(), acknowledgeTimeout: Duration = .seconds(5),
        announce: @escaping @Sendable (String) -> Void = { _ in },
        waitForRelease: @escaping @Sendable () async -> Void = {},
        language: TerminalLanguage = .english
    ) {
        self.language = language
        self.announce = announce
        self.waitForRelease = waitForRelease
        self.framing = framing
        self.script = script
        self.ledger = ledger
        self.clock = clock
        self.acknowledgeTimeout = acknowledgeTimeout
    }

    /// Serves one connection until the counter closes it, the line fails, or the script drops it.
    public func serve(_ transport: any ByteTransport) async {
        var session = ZVTTerminalSession(
            engine: self, link: ZVTSimulatorLink(transport: transport, framing: framing, clock: clock, script: script)
        )
        do {
            while !Task.isCancelled {
                guard let apdu = try await session.link.receive(timeout: .seconds(3600)) else { continue }
                guard try await session.handle(apdu) else { break }
            }
        } catch {
            // The counter went away; a new connection starts a new session.
        }
        await transport.close()
    }
}

/// One connection's conversation.
struct ZVTTerminalSession {
    let engine: ZVTTerminalEngine
    var link: ZVTSimulatorLink
    var currency = Currency.eur
    /// Set while a transaction the script times out is open: an Abort then ends it with 06 1E 6C.
    var silentTransaction = false
    /// Set while a booked transaction is silent: an Abort is acknowledged and changes nothing.
    var ignoresAbort = false

    private var ledger: TerminalLedger { engine.ledger }
    private var card: TestCard { engine.script.card }

    init(engine: ZVTTerminalEngine, link: ZVTSimulatorLink) {
        self.engine = engine
        self.link = link
    }

    /// Handles one command; returns false when the connection must end (the script drops the line).
    mutating func handle(_ apdu: ZVTAPDU) async throws(TransportError) -> Bool {
        if apdu.command != .abortRequest && apdu.class != 0x80 {
            silentTransaction = false
            ignoresAbort = false
        }
        switch apdu.command {
        case .registration:
            if apdu.data.count >= 6, let code = BCD.digits(apdu.data[4..<6]), let value = Int(code),
               let known = ZVTFieldCoding.currency(code: Array(apdu.data[4..<6])), value > 0 {
                currency = known
            }
            try await link.send(.acknowledgement)
            _ = try await sendAwaitingAcknowledgement(ZVTTerminalMessages.completion(terminalID: ledger.terminalID))
        case .authorization, .refund:
            guard let amount = Self.amount(in: apdu.data, fallback: currency) else {
                try await link.send(.negativeAcknowledgement(ZVTResultCode.functionNotPossible.rawValue))
                return true
            }
            return try await moneyMoving(apdu.command == .refund ? .refund : .payment, amount: amount)
        case .reversal:
            return try await reversal(apdu.data)
        case .endOfDay:
            try await link.send(.acknowledgement)
            let batch = ledger.closeBatch()
            let total = Money(minorUnits: batch.total, currency: currency)
            var fields: [ZVTField] = [.bytes(.resultCode, [0])]
            if let amount = try? ZVTFieldCoding.amount(minorUnits: abs(batch.total)) { fields.append(.bytes(.amount, amount)) }
            if let totals = batch.totals.encoded() { fields.append(.bytes(.individualTotals, totals)) }
            let status = ZVTAPDU(.statusInformation, data: (try? ZVTFieldList(fields).encoded()) ?? [])
            guard try await sendAwaitingAcknowledgement(status) else { return true }
            for line in ZVTTerminalMessages.endOfDaySlip(total: total, count: batch.count, terminalID: ledger.terminalID,
                                                                language: engine.language)
            where engine.script.printsReceipt {
                guard try await sendAwaitingAcknowledgement(line) else { return true }
            }
            _ = try await sendAwaitingAcknowledgement(ZVTTerminalMessages.completion())
        case .statusEnquiry:
            try await link.send(.acknowledgement)
            _ = try await sendAwaitingAcknowledgement(ZVTTerminalMessages.statusEnquiryCompletion())
        case .repeatReceipt:
            try await link.send(.acknowledgement)
            guard let last = ledger.lastTransaction else {
                _ = try await sendAwaitingAcknowledgement(ZVTTerminalMessages.abort(ZVTResultCode.functionNotPossible.rawValue))
                return true
            }
            _ = try await report(last)
        case .diagnosis:
            try await link.send(.acknowledgement)
            _ = try await sendAwaitingAcknowledgement(ZVTTerminalMessages.completion(terminalID: ledger.terminalID))
        case .acknowledgement:
            break  // a late acknowledgement of an aborted exchange
        case .abortRequest where ignoresAbort:
            try await link.send(.acknowledgement)
            engine.announce("ABORT acknowledged, not acted on")
        case .abortRequest where silentTransaction:
            silentTransaction = false
            try await link.send(.acknowledgement)
            _ = try await sendAwaitingAcknowledgement(ZVTTerminalMessages.abort(ZVTResultCode.abortedByTimeoutOrKey.rawValue))
        case .abortRequest, .logOff:
            try await link.send(.acknowledgement)
        default:
            try await link.send(.negativeAcknowledgement(ZVTResultCode.functionNotPossible.rawValue))
        }
        return true
    }

    // MARK: - Transactions

    private mutating func moneyMoving(_ kind: SimulatedTransaction.Kind, amount: Money) async throws(TransportError) -> Bool {
        let outcome = engine.script.outcome(at: ledger.nextTransactionIndex())
        if outcome == .holdUnbooked {
            engine.announce("HOLD request \(kind.rawValue) \(amount.decimalString) not booked")
            return try await holdUntilHangUp()
        }
        try await link.send(.acknowledgement)
        switch outcome {
        case .silentAfterAcknowledge:
            silentTransaction = true
            engine.announce("SILENT after the acknowledgement, \(kind.rawValue) \(amount.decimalString) not booked")
            return true
        case .silentAfterAcknowledgeCharged:
            let transaction = ledger.book(kind, amount: amount, resultCode: 0, card: card)
            ignoresAbort = true
            engine.announce("SILENT after the acknowledgement, \(kind.rawValue) \(amount.decimalString) booked, receipt \(transaction.receiptNumber)")
            return true
        case .silentAfterAcknowledgeIgnoringAbort:
            ignoresAbort = true
            engine.announce("SILENT after the acknowledgement, \(kind.rawValue) \(amount.decimalString) not booked, deaf to an abort")
            return true
        default:
            break
        }
        for status in engine.script.prompts {
            guard try await sendAwaitingAcknowledgement(ZVTTerminalMessages.intermediateStatus(status)) else {
                return true  // aborted by the counter
            }
        }
        switch outcome {
        case .approve:
            _ = try await report(ledger.book(kind, amount: amount, resultCode: 0, card: card))
        case .decline(let code):
            let transaction = ledger.book(kind, amount: amount, resultCode: code, card: card)
            guard try await sendAwaitingAcknowledgement(
                ZVTTerminalMessages.statusInformation(transaction, card: card, terminalID: ledger.terminalID)
            ) else { return true }
            _ = try await sendAwaitingAcknowledgement(ZVTTerminalMessages.abort(code))
        case .timeout:
            silentTransaction = true  // say nothing: the counter's timer runs out
        case .drop:
            _ = ledger.book(kind, amount: amount, resultCode: 0, card: card)
            return false
        case .holdApproved:
            let transaction = ledger.book(kind, amount: amount, resultCode: 0, card: card)
            engine.announce("HOLD approved \(kind.rawValue) \(amount.decimalString) receipt \(transaction.receiptNumber)")
            return try await holdUntilHangUp()
        case .unknownFieldThenSilence, .silentAfterStatus:
            let transaction = ledger.book(kind, amount: amount, resultCode: 0, card: card)
            let status = outcome == .silentAfterStatus
                ? ZVTTerminalMessages.statusInformation(transaction, card: card, terminalID: ledger.terminalID)
                : ZVTTerminalMessages.statusInformationWithUnknownField(transaction, card: card, terminalID: ledger.terminalID)
            guard try await sendAwaitingAcknowledgement(status) else { return true }
            engine.announce("SILENT after the status, \(kind.rawValue) \(amount.decimalString) booked, receipt \(transaction.receiptNumber)")
        case .truncatedFrame:
            let transaction = ledger.book(kind, amount: amount, resultCode: 0, card: card)
            let status = ZVTTerminalMessages.statusInformation(transaction, card: card, terminalID: ledger.terminalID)
            let keeping = status.data.count / 2
            ignoresAbort = true
            try await link.sendCutShort(status, keeping: keeping)
            engine.announce("SILENT after a truncated status (04 0F promises \(status.data.count) bytes, sent \(keeping)), "
                            + "\(kind.rawValue) \(amount.decimalString) booked, receipt \(transaction.receiptNumber)")
        case .holdUnbooked, .silentAfterAcknowledge, .silentAfterAcknowledgeCharged, .silentAfterAcknowledgeIgnoringAbort:
            break  // handled before the prompts
        case .approveWhenReleased:
            engine.announce("HOLD waiting \(kind.rawValue) \(amount.decimalString)")
            await engine.waitForRelease()
            _ = try await report(ledger.book(kind, amount: amount, resultCode: 0, card: card))
        }
        return true
    }

    /// Says nothing and reads whatever comes until the counter hangs up (or dies); then ends the connection.
    private mutating func holdUntilHangUp() async throws(TransportError) -> Bool {
        while true {
            _ = try await link.receive(timeout: .seconds(3600))
        }
    }

    private mutating func reversal(_ data: [UInt8]) async throws(TransportError) -> Bool {
        let fields = try? ZVTFieldList.parse(Array(data.dropFirst(3)))
        guard let receipt = fields?.bytes(.receiptNumber).flatMap(ZVTFieldCoding.number) else {
            try await link.send(.negativeAcknowledgement(ZVTResultCode.functionNotPossible.rawValue))
            return true
        }
        try await link.send(.acknowledgement)
        guard let original = ledger.reversible(receiptNumber: receipt) else {
            let code = ledger.wasReversed(receiptNumber: receipt) ? ZVTResultCode.alreadyReversed : .reversalNotPossible
            _ = try await sendAwaitingAcknowledgement(ZVTTerminalMessages.abort(code.rawValue))
            return true
        }
        let transaction = ledger.book(.reversal, amount: original.amount, resultCode: 0, card: card, reversing: receipt)
        _ = try await report(transaction)
        return true
    }

    /// Status Information, the slip, Completion. Returns false if the counter aborted on the way.
    private mutating func report(_ transaction: SimulatedTransaction) async throws(TransportError) -> Bool {
        let full = engine.script.sendsFullCardData
        let status = ZVTTerminalMessages.statusInformation(transaction, card: card, terminalID: ledger.terminalID,
                                                           fullCardData: full)
        guard try await sendAwaitingAcknowledgement(status) else { return false }
        if engine.script.printsReceipt {
            for line in ZVTTerminalMessages.slip(transaction, card: card, terminalID: ledger.terminalID, fullCardData: full,
                                                        language: engine.language) {
                guard try await sendAwaitingAcknowledgement(line) else { return false }
            }
        }
        return try await sendAwaitingAcknowledgement(ZVTTerminalMessages.completion())
    }

    /// Sends a message and waits for the counter's `80 00 00`. An Abort (06 B0) instead ends the transaction
    /// with `06 1E 6C` and returns false.
    private mutating func sendAwaitingAcknowledgement(_ apdu: ZVTAPDU) async throws(TransportError) -> Bool {
        try await link.send(apdu)
        while true {
            guard let answer = try await link.receive(timeout: engine.acknowledgeTimeout) else {
                throw TransportError(.timedOut, endpoint: link.transport.endpointDescription, underlying: "no 80 00 00")
            }
            if answer.command == .acknowledgement { return true }
            if answer.command == .abortRequest {
                try await link.send(.acknowledgement)
                try await link.send(ZVTTerminalMessages.abort(ZVTResultCode.abortedByTimeoutOrKey.rawValue))
                _ = try await link.receive(timeout: engine.acknowledgeTimeout)
                return false
            }
            if answer.class == 0x84 { return true }
        }
    }

    static func amount(in data: [UInt8], fallback: Currency) -> Money? {
        // Refund starts with the password; Authorisation with BMP 04.
        let fieldsData = data.first == ZVTBMP.amount.rawValue ? data : Array(data.dropFirst(3))
        guard let fields = try? ZVTFieldList.parse(fieldsData), let bytes = fields.bytes(.amount),
              let minor = try? ZVTFieldCoding.minorUnits(amount: bytes)
        else { return nil }
        let currency = fields.bytes(.currencyCode).flatMap(ZVTFieldCoding.currency(code:)) ?? fallback
        return Money(minorUnits: minor, currency: currency)
    }
}
