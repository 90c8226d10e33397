import Hardware
import Testing

/// Walks of whole transactions: the terminal approves, declines or cancels.
struct ConcertSessionStateMachineTests {
    typealias H = ConcertSessionHarness

    @Test
    func start_idleSession_sendsEnquiryAndWaitsThreeSeconds() throws {
        // Given
        var machine = ConcertSessionStateMachine()

        // When
        let actions = try machine.start(H.request)

        // Then
        #expect(actions == [.send([0x05]), .startTimer(.acknowledgement, after: .seconds(3))])
        #expect(machine.isActive)
        #expect(!machine.requestAccepted)
    }

    @Test(arguments: Chunking.all)
    func walk_terminalApproves_completesWithApprovedAnswer(chunking: Chunking) throws {
        // Given
        var harness = H()
        try harness.start()
        #expect(harness.takeSent() == H.ENQ)

        // When: the terminal grants the line, accepts the request, later answers
        harness.receive(H.ACK, chunking: chunking)
        #expect(harness.takeSent() == H.requestFrame)
        #expect(harness.timer?.timer == .acknowledgement)
        harness.receive(H.ACK, chunking: chunking)
        #expect(harness.takeSent() == H.EOT)
        #expect(harness.timer?.timer == .answer && harness.timer?.duration == .seconds(120))
        harness.receive(H.ENQ, chunking: chunking)
        #expect(harness.takeSent() == H.ACK)
        #expect(harness.timer?.timer == .frame)
        harness.receive([UInt8](hex: ConcertFixtures.approvedFullAnswer) + H.EOT, chunking: chunking)

        // Then
        #expect(harness.takeSent() == H.ACK)
        #expect(harness.timer == nil)
        guard case .complete(let answer) = harness.outcome else {
            Issue.record("expected completion, got \(String(describing: harness.outcome))")
            return
        }
        #expect(answer.status == .approved)
        #expect(answer.amountMinorUnits == 1250)
        #expect(answer.cardNumberLastFour == "1234")
        #expect(answer.transactionID == "TX00004711")
        #expect(!harness.machine.isActive)
    }

    @Test(arguments: Chunking.all)
    func walk_terminalSendsEnquiryAndAnswerTogether_completes(chunking: Chunking) throws {
        // Given: a terminal that does not wait for our ACK before the frame arrives in our buffer
        var harness = H()
        try harness.startAndDeliverRequest()

        // When
        harness.receive(H.ENQ + [UInt8](hex: ConcertFixtures.approvedFullAnswer) + H.EOT, chunking: chunking)

        // Then
        #expect(harness.takeSent() == H.ACK + H.ACK)
        guard case .complete(let answer) = harness.outcome else {
            Issue.record("expected completion")
            return
        }
        #expect(answer.isApproved)
    }

    @Test
    func walk_terminalDeclines_completesWithDeclinedAnswer() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()

        // When
        harness.receive(H.ENQ)
        harness.receive([UInt8](hex: ConcertFixtures.declinedShortAnswer))

        // Then
        guard case .complete(let answer) = harness.outcome else {
            Issue.record("expected completion")
            return
        }
        #expect(answer.status == .declined)
        #expect(!answer.isApproved)
    }

    @Test
    func walk_cashierCancelsOnTerminal_completesWithNotCompletedAnswer() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()

        // When: the transaction is abandoned on the terminal's keypad, which answers result 9
        harness.receive(H.ENQ)
        harness.receive([UInt8](hex: ConcertFixtures.notCompletedShortAnswer))

        // Then
        guard case .complete(let answer) = harness.outcome else {
            Issue.record("expected completion")
            return
        }
        #expect(answer.status == .notCompleted)
    }

    @Test
    func walk_lineDropsAfterRequestAccepted_reportsOutcomeUnknown() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()

        // When
        harness.transportFails()

        // Then: never "failed", which would invite charging again
        #expect(harness.outcome == .outcomeUnknown(ConcertError(code: .transportFailed, phase: .awaitingAnswer,
                                                                underlying: "EIO")))
        #expect(harness.timer == nil)
        #expect(!harness.machine.isActive)
    }

    @Test
    func walk_lineDropsDuringAnswer_reportsOutcomeUnknown() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ + Array([UInt8](hex: ConcertFixtures.approvedFullAnswer).prefix(30)))

        // When
        harness.transportFails()

        // Then
        #expect(harness.outcome == .outcomeUnknown(ConcertError(code: .transportFailed, phase: .answerReception,
                                                                underlying: "EIO")))
    }

    @Test
    func walk_lineDropsWhileRequestUnacknowledged_reportsOutcomeUnknown() throws {
        // Given: the frame is out, no ACK yet
        var harness = H()
        try harness.start()
        harness.receive(H.ACK)

        // When
        harness.transportFails()

        // Then
        #expect(harness.outcome == .outcomeUnknown(ConcertError(code: .transportFailed, phase: .requestDelivery,
                                                                underlying: "EIO")))
    }

    @Test
    func walk_lineDropsDuringHandshake_failsSafely() throws {
        // Given: only ENQ has been sent
        var harness = H()
        try harness.start()

        // When
        harness.transportFails()

        // Then
        #expect(harness.outcome == .fail(ConcertError(code: .transportFailed, phase: .handshake, underlying: "EIO")))
        if case .fail(let error) = harness.outcome {
            #expect(!error.mayHaveCharged)
        }
    }

    @Test
    func events_afterCompletion_areIgnored() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ + [UInt8](hex: ConcertFixtures.approvedFullAnswer))
        _ = harness.takeSent()

        // When
        harness.receive(H.EOT + H.ENQ)
        harness.transportFails()
        let timerActions = harness.machine.timerFired(.answer)

        // Then
        #expect(harness.takeSent().isEmpty)
        #expect(timerActions.isEmpty)
    }

    @Test
    func start_whileActive_throwsSessionBusyAndKeepsRunning() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()

        // When / Then
        #expect(throws: ConcertError(code: .sessionBusy, phase: .handshake)) {
            try harness.start()
        }
        #expect(harness.machine.requestAccepted)
    }

    @Test
    func start_afterFinishedSession_startsAgain() throws {
        // Given
        var harness = H()
        try harness.startAndDeliverRequest()
        harness.receive(H.ENQ + [UInt8](hex: ConcertFixtures.declinedShortAnswer))

        // When
        var machine = harness.machine
        let actions = try machine.start(H.request)

        // Then
        #expect(actions.first == .send(H.ENQ))
    }
}
