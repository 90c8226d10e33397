import Hardware
import Testing

/// Retries, timeouts and damaged frames: what the protocol does when the line is not clean.
struct ConcertSessionStateMachineRetryTests {
    typealias H = ConcertSessionHarness

    private static var approved: [UInt8] { [UInt8](hex: ConcertFixtures.approvedFullAnswer) }

    private static var approvedWithBadLRC: [UInt8] {
        var bytes = approved
        bytes[bytes.count - 1] ^= 0x55
        return bytes
    }

    // MARK: - Handshake

    @Test
    func timer_noAcknowledgementToEnquiry_retriesThenFailsAfterThreeAttempts() throws {
        // Given
        var harness = H()
        try harness.start()

        // When: three silent ENQs, each closed by EOT, 1 s apart
        harness.fire(.acknowledgement)
        #expect(harness.timer?.timer == .enquiryRetryPause && harness.timer?.duration == .seconds(1))
        harness.fire(.enquiryRetryPause)
        harness.fire(.acknowledgement)
        harness.fire(.enquiryRetryPause)
        harness.fire(.acknowledgement)

        // Then
        #expect(harness.takeSent() == H.ENQ + H.EOT + H.ENQ + H.EOT + H.ENQ + H.EOT)
        #expect(harness.outcome == .fail(ConcertError(code: .terminalNotResponding, phase: .handshake)))
        #expect(harness.timer == nil)
    }

    @Test
    func receive_negativeAcknowledgementToEnquiry_retriesAndSucceeds() throws {
        // Given: a busy terminal refuses the line once
        var harness = H()
        try harness.start()

        // When
        harness.receive(H.NAK)
        harness.fire(.enquiryRetryPause)
        harness.receive(H.ACK)

        // Then
        #expect(harness.takeSent() == H.ENQ + H.EOT + H.ENQ + H.requestFrame)
        #expect(harness.outcome == nil)
    }

    @Test
    func cancel_beforeRequestLeaves_endsTurnAndFailsCancelled() throws {
        // Given
        var harness = H()
        try harness.start()

        // When
        harness.cancel()

        // Then
        #expect(harness.takeSent() == H.ENQ + H.EOT)
        #expect(harness.outcome == .fail(ConcertError(code: .cancelled, phase: .handshake)))
    }

    @Test
    func cancel_afterRequestAccepted_doesNothing() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()

        // When
        harness.cancel()

        // Then
        #expect(harness.outcome == nil)
        #expect(harness.machine.requestAccepted)
    }

    // MARK: - Request delivery

    @Test
    func receive_negativeAcknowledgementToRequest_resendsFrame() throws {
        // Given
        var harness = H()
        try harness.start()
        harness.receive(H.ACK)

        // When
        harness.receive(H.NAK)
        harness.receive(H.ACK)

        // Then
        #expect(harness.takeSent() == H.ENQ + H.requestFrame + H.requestFrame + H.EOT)
        #expect(harness.machine.requestAccepted)
    }

    @Test
    func receive_negativeAcknowledgementToEveryCopy_failsRequestRejected() throws {
        // Given
        var harness = H()
        try harness.start()
        harness.receive(H.ACK)

        // When
        harness.receive(H.NAK + H.NAK + H.NAK)

        // Then: three copies, then the turn ends; the terminal refused them all, so nothing was charged
        #expect(harness.takeSent() == H.ENQ + H.requestFrame + H.requestFrame + H.requestFrame + H.EOT)
        guard case .fail(let error) = harness.outcome else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.code == .requestRejected)
    }

    @Test
    func timer_requestNeverAcknowledged_reportsOutcomeUnknown() throws {
        // Given
        var harness = H()
        try harness.start()
        harness.receive(H.ACK)

        // When: silence after each of the three copies (the terminal may have taken one and lost its ACK)
        harness.fire(.acknowledgement)
        harness.fire(.acknowledgement)
        harness.fire(.acknowledgement)

        // Then
        #expect(harness.takeSent() == H.ENQ + H.requestFrame + H.requestFrame + H.requestFrame + H.EOT)
        #expect(harness.outcome == .outcomeUnknown(ConcertError(code: .requestUnacknowledged, phase: .requestDelivery)))
    }

    @Test
    func receive_silenceThenNegativeAcknowledgements_stillReportsOutcomeUnknown() throws {
        // Given
        var harness = H()
        try harness.start()
        harness.receive(H.ACK)

        // When
        harness.fire(.acknowledgement)
        harness.receive(H.NAK + H.NAK)

        // Then
        guard case .outcomeUnknown(let error) = harness.outcome else {
            Issue.record("expected outcomeUnknown")
            return
        }
        #expect(error.code == .requestUnacknowledged)
        #expect(error.mayHaveCharged)
    }

    // MARK: - Answer reception

    @Test(arguments: Chunking.all)
    func receive_answerWithBadLRC_sendsNAKThenAcceptsRetransmission(chunking: Chunking) throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ)
        _ = harness.takeSent()

        // When
        harness.receive(Self.approvedWithBadLRC, chunking: chunking)
        #expect(harness.takeSent() == H.NAK)
        #expect(harness.timer?.timer == .frame)
        harness.receive(Self.approved, chunking: chunking)

        // Then
        #expect(harness.takeSent() == H.ACK)
        guard case .complete(let answer) = harness.outcome else {
            Issue.record("expected completion")
            return
        }
        #expect(answer.isApproved)
    }

    @Test
    func receive_threeDamagedAnswers_reportsOutcomeUnknown() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ)
        _ = harness.takeSent()

        // When
        harness.receive(Self.approvedWithBadLRC + Self.approvedWithBadLRC + Self.approvedWithBadLRC)

        // Then
        #expect(harness.takeSent() == H.NAK + H.NAK + H.NAK)
        guard case .outcomeUnknown(let error) = harness.outcome else {
            Issue.record("expected outcomeUnknown")
            return
        }
        #expect(error.code == .answerUnreadable)
        #expect(error.phase == .answerReception)
        #expect(error.underlying?.contains("LRC") == true)
    }

    @Test
    func receive_garbledAnswerWithValidLRC_sendsNAK() throws {
        // Given: letters in the amount, framed with a correct LRC
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ)
        _ = harness.takeSent()
        var payload = Array(Self.approved[1..<81])
        payload[4] = UInt8(ascii: "?")

        // When
        harness.receive(try ConcertLinkSerializer.frame(payload: payload))

        // Then
        #expect(harness.takeSent() == H.NAK)
        #expect(harness.outcome == nil)
    }

    @Test
    func receive_oversizeAnswer_sendsNAK() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ)
        _ = harness.takeSent()

        // When
        harness.receive([0x02] + [UInt8](repeating: 0x30, count: 100) + [0x03, 0x00])

        // Then
        #expect(harness.takeSent() == H.NAK)
        #expect(harness.outcome == nil)
    }

    @Test
    func timer_truncatedAnswer_sendsNAKAndAcceptsRetransmission() throws {
        // Given: the answer stops halfway
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ + Array(Self.approved.prefix(40)))
        _ = harness.takeSent()

        // When
        harness.fire(.frame)
        #expect(harness.takeSent() == H.NAK)
        harness.receive(Self.approved)

        // Then
        #expect(harness.takeSent() == H.ACK)
        #expect(harness.outcome.map { if case .complete = $0 { true } else { false } } == true)
    }

    @Test
    func timer_noAnswerWithinTwoMinutes_reportsOutcomeUnknown() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()

        // When
        harness.fire(.answer)

        // Then
        #expect(harness.outcome == .outcomeUnknown(ConcertError(code: .answerTimedOut, phase: .awaitingAnswer)))
        #expect(harness.takeSent().isEmpty)
    }

    @Test
    func receive_answerWithUnknownResult_acknowledgesAndReportsOutcomeUnknown() throws {
        // Given: result "5", which the protocol does not define
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ)
        _ = harness.takeSent()
        var payload = Array(Self.approved[1..<81])
        payload[2] = UInt8(ascii: "5")

        // When
        harness.receive(try ConcertLinkSerializer.frame(payload: payload))

        // Then
        #expect(harness.takeSent() == H.ACK)
        #expect(harness.outcome == .outcomeUnknown(ConcertError(code: .unrecognizedStatus, phase: .answerReception)))
    }

    @Test
    func receive_terminalEndsTurnBeforeAnswer_waitsForItsNextEnquiry() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ)

        // When: the terminal gives up this turn and tries again later
        harness.receive(H.EOT)
        #expect(harness.timer?.timer == .answer)
        harness.receive(H.ENQ + Self.approved)

        // Then
        #expect(harness.outcome.map { if case .complete = $0 { true } else { false } } == true)
    }

    @Test
    func receive_answerWithoutEnquiry_isStillTaken() throws {
        // Given: a terminal that sends its answer frame without asking for the line first
        var harness = H()
        try harness.startAndDeliverRequest()

        // When
        harness.receive([UInt8](hex: ConcertFixtures.declinedShortAnswer))

        // Then
        #expect(harness.takeSent() == H.ACK)
        guard case .complete(let answer) = harness.outcome else {
            Issue.record("expected completion")
            return
        }
        #expect(answer.status == .declined)
    }

    @Test
    func timer_staleTimerKind_isIgnored() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()

        // When
        let actions = harness.machine.timerFired(.acknowledgement)

        // Then
        #expect(actions.isEmpty)
        #expect(harness.machine.requestAccepted)
    }

    @Test
    func configuration_customLimits_areHonoured() throws {
        // Given: one ENQ attempt only, with shorter timeouts
        var harness = H()
        harness.machine = ConcertSessionStateMachine(configuration: ConcertSessionConfiguration(
            acknowledgementTimeout: .milliseconds(500), maximumEnquiryAttempts: 1
        ))
        try harness.start()
        #expect(harness.timer?.duration == .milliseconds(500))

        // When
        harness.fire(.acknowledgement)

        // Then
        #expect(harness.outcome == .fail(ConcertError(code: .terminalNotResponding, phase: .handshake)))
    }

    @Test
    func actionDescriptions_neverShowFrameContent() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ + [UInt8](hex: ConcertFixtures.approvedFullAnswerWithClearPAN))

        // When
        let trace = harness.log.map(\.description).joined(separator: "\n")

        // Then
        #expect(trace.contains("send(ENQ)"))
        #expect(trace.contains("send(frame of 37 bytes)"))
        #expect(!trace.contains("4970"))
        #expect(!trace.contains("7890"))
        #expect(trace.contains("complete(approved)"))
    }
}
