import Hardware
import POSFoundation
import Testing

struct ZVTTransactionStateMachineTests {
    typealias Action = ZVTTransactionStateMachine.Action

    let amount = Money(minorUnits: 1250, currency: .eur)
    let ack = Action.send(.acknowledgement)
    let restart = Action.startTimer(.completion, .seconds(180))
    /// The short limits: silence after the acknowledgement, and the Completion after the final status.
    let silenceLimit = Action.startTimer(.completion, .seconds(15))
    let completionLimit = Action.startTimer(.completion, .seconds(15))

    var authorization: ZVTCommand { .authorization(ZVTAuthorization(amount: amount, tlv: [])) }

    /// A machine that has sent the Authorisation and received `80 00 00`.
    func machineInMasterPhase() throws -> ZVTTransactionStateMachine {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(authorization)
        _ = machine.received(.acknowledgement)
        return machine
    }

    func apdu(_ text: String) throws -> ZVTAPDU { try ZVTAPDU.decode(hex(text)) }

    // MARK: - Approved

    @Test func authorization_approvedWithPromptAndSlip_completesWithPaymentResult() throws {
        // Given
        var machine = ZVTTransactionStateMachine(currency: .eur)
        // When
        let started = try machine.start(authorization)
        let acknowledged = machine.received(.acknowledgement)
        let prompted = machine.received(try apdu("04 FF 01 0A"))
        let printed = machine.received(ZVTAPDU(class: 0x06, instruction: 0xD1, data: [0x00] + ascii("KUNDENBELEG")))
        let status = machine.received(ZVTAPDU(class: 0x04, instruction: 0x0F, data: ZVTFieldListTests.statusData))
        let completed = machine.received(try apdu("06 0F 00"))
        // Then
        #expect(started == [.send(try apdu("06 01 0C 04 00 00 00 00 12 50 49 09 78 06 00")), .startTimer(.acknowledge, .seconds(5))])
        #expect(acknowledged == [.cancelTimer(.acknowledge), silenceLimit])
        #expect(prompted == [ack, .emitPrompt(CardReaderPrompt(kind: .insertCard, text: "Insert card.", statusCode: 0x0A)), restart])
        #expect(printed == [ack, .emitPrintLine(TerminalPrintLine(text: "KUNDENBELEG")), restart])
        #expect(status == [ack, completionLimit])
        #expect(completed.prefix(2) == [ack, .cancelTimer(.completion)])
        guard case .complete(let outcome) = completed.last else { Issue.record("not completed: \(completed)"); return }
        #expect(outcome.payment?.amount == amount)
        #expect(outcome.payment?.traceNumber == 470)
        #expect(outcome.payment?.slipLines == ["KUNDENBELEG"])
        #expect(machine.isIdle)
    }

    @Test(arguments: ChunkPlan.all)
    func authorization_observedTCPExchange_fedThroughTheAPDUParser_completes(plan: ChunkPlan) throws {
        // Given
        var machine = ZVTTransactionStateMachine(currency: .eur)
        var parser = ZVTAPDUParser()
        var actions = try machine.start(authorization)
        // When
        for chunk in plan.split(ZVTAPDUParserTests.terminalStream) {
            parser.append(chunk)
            while let apdu = try parser.nextAPDU() { actions += machine.received(apdu) }
        }
        // Then
        guard case .complete(let outcome) = actions.last else { Issue.record("not completed"); return }
        #expect(outcome.payment?.cardName == "Debit Mastercard")
        #expect(actions.filter { $0 == ack }.count == 3)
    }

    // MARK: - Declined and aborted

    @Test func authorization_declinedInStatusThenAbort_failsWithResultCode() throws {
        // Given
        var machine = try machineInMasterPhase()
        // When
        _ = machine.received(try apdu("04 0F 02 27 05"))
        let ended = machine.received(try apdu("06 1E 01 05"))
        // Then
        #expect(ended == [ack, .cancelTimer(.completion),
                          .fail(CardReaderError(phase: .authorization, resultCode: ZVTResultCode(rawValue: 5), underlying: .declined))])
    }

    @Test func authorization_declinedInStatusThenCompletion_stillFails() throws {
        var machine = try machineInMasterPhase()
        _ = machine.received(try apdu("04 0F 02 27 05"))
        let ended = machine.received(try apdu("06 0F 00"))
        #expect(ended.last == .fail(CardReaderError(phase: .authorization, resultCode: ZVTResultCode(rawValue: 5), underlying: .declined)))
    }

    @Test func authorization_cardExpired_failsInCardReadPhase() throws {
        var machine = try machineInMasterPhase()
        let ended = machine.received(try apdu("06 1E 01 78"))
        #expect(ended.last == .fail(CardReaderError(phase: .cardRead, resultCode: .cardExpired, underlying: .declined)))
    }

    @Test func requestAbort_duringPayment_sendsB0AndEndsAborted() throws {
        // Given
        var machine = try machineInMasterPhase()
        // When
        let abort = machine.requestAbort()
        let acknowledged = machine.received(.acknowledgement)
        let ended = machine.received(try apdu("06 1E 01 6C"))
        // Then
        #expect(abort == [.send(try apdu("06 B0 00"))])
        #expect(acknowledged == [])
        #expect(ended.last == .fail(CardReaderError(phase: .authorization, resultCode: .abortedByTimeoutOrKey, underlying: .aborted)))
    }

    @Test func start_negativeAcknowledgement_failsRejectedWithCode() throws {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(authorization)
        let ended = machine.received(.negativeAcknowledgement(0x9C))
        #expect(ended == [.cancelTimer(.acknowledge),
                          .fail(CardReaderError(phase: .authorization, resultCode: .pleaseWait, underlying: .rejected))])
    }

    // MARK: - Unknown outcomes

    @Test func transportFailed_afterAuthorizationLeft_isOutcomeUnknown() throws {
        // Given
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(authorization)
        // When
        let actions = machine.transportFailed()
        // Then
        #expect(actions == [.cancelTimer(.acknowledge),
                            .outcomeUnknown(ZVTUnresolvedTransaction(command: .authorization, amount: amount, reason: .transportFailed))])
        #expect(machine.isIdle)
    }

    /// Regression (fault matrix, ZVT serial "Authorization sent × NAK storm"): every copy NAK'd used to end unknown.
    @Test func commandRefused_beforeAcknowledgement_failsNotCharged() throws {
        // Given
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(authorization)
        // When
        let actions = machine.commandRefused()
        // Then
        #expect(actions == [.cancelTimer(.acknowledge), .fail(CardReaderError(phase: .authorization, underlying: .transportFailed))])
        #expect(machine.isIdle)
    }

    @Test func commandRefused_afterTerminalTookTheCommand_isOutcomeUnknown() throws {
        // Given
        var machine = try machineInMasterPhase()
        // When
        let actions = machine.commandRefused()
        // Then
        #expect(actions.contains { if case .outcomeUnknown = $0 { true } else { false } })
    }

    @Test func transportFailed_duringMasterPhase_isOutcomeUnknownWithResolutionCommands() throws {
        var machine = try machineInMasterPhase()
        _ = machine.received(try apdu("04 FF 01 0A"))
        let actions = machine.transportFailed()
        guard case .outcomeUnknown(let unresolved) = actions.last else { Issue.record("not unknown"); return }
        #expect(unresolved.reason == .transportFailed)
    }

    @Test func timerFired_silenceDuringPayment_abortsThenIsOutcomeUnknownWhenTheAbortIsNotAnswered() throws {
        // Given
        var machine = try machineInMasterPhase()
        // When
        let silent = machine.timerFired(.completion)
        let abortAcknowledged = machine.received(.acknowledgement)
        let stillSilent = machine.timerFired(.completion)
        // Then
        #expect(silent == [.send(try apdu("06 B0 00")), .startTimer(.completion, .seconds(5))])
        #expect(abortAcknowledged == [])
        #expect(stillSilent == [.outcomeUnknown(ZVTUnresolvedTransaction(command: .authorization, amount: amount, reason: .completionTimeout))])
        #expect(machine.isIdle)
    }

    @Test func timerFired_silenceDuringPayment_terminalAnswersTheAbort_failsAbortedNotCharged() throws {
        var machine = try machineInMasterPhase()
        _ = machine.timerFired(.completion)
        _ = machine.received(.acknowledgement)
        let ended = machine.received(try apdu("06 1E 01 6C"))
        #expect(ended.last == .fail(CardReaderError(phase: .authorization, resultCode: .abortedByTimeoutOrKey, underlying: .aborted)))
    }

    @Test func received_intermediateStatusWithTimeoutByte_waitsThatLongPlusT3() throws {
        var machine = try machineInMasterPhase()
        let prompted = machine.received(try apdu("04 FF 02 0A 1E"))  // insert card, 30 s
        #expect(prompted.last == .startTimer(.completion, .seconds(35)))
    }

    @Test func timerFired_afterApprovedStatusWithoutCompletion_isOutcomeUnknownWithTheStatus() throws {
        // Given: the approval arrived, then silence
        var machine = try machineInMasterPhase()
        let status = machine.received(ZVTAPDU(class: 0x04, instruction: 0x0F, data: ZVTFieldListTests.statusData))
        // When
        let actions = machine.timerFired(.completion)
        // Then
        #expect(status == [ack, completionLimit])
        guard case .outcomeUnknown(let unresolved) = actions.last, actions.count == 1 else {
            Issue.record("not unknown at once: \(actions)"); return
        }
        #expect(unresolved.reason == .noCompletion)
        #expect(unresolved.lastStatusInformation?.resultCode == .success)
    }

    @Test func received_approvalEndingInAnUnknownField_keepsTheResultAndIsDetailsToConfirm() throws {
        // Given: 27 00, amount 12.50, currency, then BMP FE (unknown) and a receipt number that is lost behind it
        var machine = try machineInMasterPhase()
        let data = hex("27 00 04 00 00 00 00 12 50 49 09 78 FE 03 01 02 03 87 00 07")
        // When
        let status = machine.received(ZVTAPDU(class: 0x04, instruction: 0x0F, data: data))
        let ended = machine.received(try apdu("06 0F 00"))
        // Then
        #expect(status == [ack, completionLimit])
        guard case .outcomeUnknown(let unresolved) = ended.last else { Issue.record("not unknown: \(ended)"); return }
        #expect(unresolved.reason == .detailsToConfirm)
        let kept = try #require(unresolved.lastStatusInformation)
        #expect(kept.resultCode == .success && kept.hasResultCode)
        #expect(kept.amount(fallbackCurrency: .eur) == amount)
        #expect(kept.fields.unknownBMP == ZVTBMP(rawValue: 0xFE))
        #expect(kept.fields.bytes(.receiptNumber) == nil)
    }

    @Test func repeatReceipt_ofADeclinedTransaction_completesWithTheDecline() throws {
        // Given
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(.repeatReceipt(password: nil))
        _ = machine.received(.acknowledgement)
        // When
        _ = machine.received(try apdu("04 0F 10 27 05 04 00 00 00 00 12 50 87 00 08 0C 10 20 30"))
        let ended = machine.received(try apdu("06 0F 00"))
        // Then
        guard case .complete(let outcome) = ended.last else { Issue.record("not completed: \(ended)"); return }
        #expect(outcome.payment?.resultCode == ZVTResultCode(rawValue: 5))
        #expect(outcome.payment?.amount == amount)
        #expect(outcome.payment?.receiptNumber == 8)
    }

    @Test func repeatReceipt_ofADeclinedTransactionEndedWithAbort_completesWithTheDecline() throws {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(.repeatReceipt(password: nil))
        _ = machine.received(.acknowledgement)
        _ = machine.received(try apdu("04 0F 0C 27 05 04 00 00 00 00 12 50 87 00 08"))
        let ended = machine.received(try apdu("06 1E 01 05"))
        guard case .complete(let outcome) = ended.last else { Issue.record("not completed: \(ended)"); return }
        #expect(outcome.payment?.resultCode == ZVTResultCode(rawValue: 5))
    }

    @Test func timerFired_acknowledgeTimeoutAfterAuthorization_isOutcomeUnknown() throws {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(authorization)
        let actions = machine.timerFired(.acknowledge)
        #expect(actions == [.outcomeUnknown(ZVTUnresolvedTransaction(command: .authorization, amount: amount, reason: .acknowledgeTimeout))])
    }

    @Test func received_approvalThenAbort_isOutcomeUnknown() throws {
        var machine = try machineInMasterPhase()
        _ = machine.received(ZVTAPDU(class: 0x04, instruction: 0x0F, data: ZVTFieldListTests.statusData))
        let actions = machine.received(try apdu("06 1E 01 6C"))
        guard case .outcomeUnknown(let unresolved) = actions.last else { Issue.record("not unknown"); return }
        #expect(unresolved.reason == .contradictoryResult)
        #expect(unresolved.lastStatusInformation?.resultCode == .success)
    }

    @Test func received_completionWithoutStatus_isOutcomeUnknown() throws {
        var machine = try machineInMasterPhase()
        let actions = machine.received(try apdu("06 0F 00"))
        #expect(actions.last == .outcomeUnknown(ZVTUnresolvedTransaction(command: .authorization, amount: amount, reason: .noStatusInformation)))
    }

    @Test func received_malformedStatusInformation_isAcknowledgedThenOutcomeUnknown() throws {
        // Given: a status whose amount field is cut short
        var machine = try machineInMasterPhase()
        // When
        let malformed = machine.received(try apdu("04 0F 04 27 00 04 00"))
        let ended = machine.received(try apdu("06 0F 00"))
        // Then
        #expect(malformed == [ack, completionLimit])
        guard case .outcomeUnknown = ended.last else { Issue.record("not unknown"); return }
    }

    // MARK: - Administration

    @Test func registration_acknowledgedAndCompleted_completesWithTerminalID() throws {
        // Given
        var machine = ZVTTransactionStateMachine(currency: .eur)
        // When
        let started = try machine.start(.registration(ZVTRegistration(config: ZVTRegistrationConfig(rawValue: 0xBA))))
        _ = machine.received(.acknowledgement)
        let completed = machine.received(try apdu("06 0F 05 29 29 00 12 34"))
        // Then
        #expect(started.first == .send(try apdu("06 00 04 00 00 00 BA")))
        guard case .complete(let outcome) = completed.last else { Issue.record("not completed"); return }
        #expect(outcome.completion?.terminalID == "29001234")
        #expect(outcome.payment == nil)
    }

    @Test func registration_acknowledgeTimeout_failsTimedOut() throws {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(.registration(ZVTRegistration()))
        #expect(machine.timerFired(.acknowledge) == [.fail(CardReaderError(phase: .registration, underlying: .timedOut))])
    }

    @Test func endOfDay_transportFailed_failsWithoutUnknownOutcome() throws {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(.endOfDay(password: .zero))
        _ = machine.received(.acknowledgement)
        #expect(machine.transportFailed() == [.cancelTimer(.completion),
                                              .fail(CardReaderError(phase: .endOfDay, underlying: .transportFailed))])
    }

    @Test func reversal_approved_readsAmountFromStatus() throws {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(.reversal(password: .zero, receiptNumber: 470))
        _ = machine.received(.acknowledgement)
        _ = machine.received(try apdu("04 0F 0C 27 00 04 00 00 00 00 12 50 87 04 70"))
        let completed = machine.received(try apdu("06 0F 00"))
        guard case .complete(let outcome) = completed.last else { Issue.record("not completed"); return }
        #expect(outcome.payment?.amount == amount)
        #expect(outcome.payment?.receiptNumber == 470)
    }

    // MARK: - Guards

    @Test func start_whileRunning_throwsBusy() throws {
        var machine = try machineInMasterPhase()
        #expect(throws: CardReaderError(phase: .status, underlying: .busy)) {
            try machine.start(.statusEnquiry(password: nil, serviceByte: nil))
        }
    }

    @Test func timerFired_staleTimer_isIgnored() throws {
        var machine = try machineInMasterPhase()
        #expect(machine.timerFired(.acknowledge) == [])
    }

    @Test func received_intermediateStatusWithoutAck_isTakenAsAcknowledgement() throws {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(authorization)
        let actions = machine.received(try apdu("04 FF 01 0A"))
        #expect(actions.first == .cancelTimer(.acknowledge))
        #expect(actions.contains(ack))
    }

    @Test func received_unsupportedCommandWhileMaster_answersFunctionNotPossible() throws {
        var machine = try machineInMasterPhase()
        #expect(machine.received(try apdu("06 E0 00")) == [.send(.negativeAcknowledgement(0x83)), restart])
    }

    @Test func start_amountTooLarge_throwsAndSendsNothing() {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        let command = ZVTCommand.authorization(ZVTAuthorization(amount: Money(minorUnits: 1_000_000_000_000, currency: .eur)))
        #expect(throws: CardReaderError.self) { try machine.start(command) }
        #expect(machine.isIdle)
    }
}

struct ZVTTransactionStateMachineSafetyTests {
    let amount = Money(minorUnits: 1250, currency: .eur)

    func machineInMasterPhase() throws -> ZVTTransactionStateMachine {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(.authorization(ZVTAuthorization(amount: amount)))
        _ = machine.received(.acknowledgement)
        return machine
    }

    @Test func completion_afterStatusWithoutResultCode_isOutcomeUnknown() throws {
        // Given: Status Information with an amount but no BMP 27
        var machine = try machineInMasterPhase()
        _ = machine.received(try ZVTAPDU.decode(hex("04 0F 07 04 00 00 00 00 12 50")))
        // When
        let actions = machine.received(try ZVTAPDU.decode(hex("06 0F 00")))
        // Then
        guard case .outcomeUnknown(let unresolved) = actions.last else { Issue.record("not unknown"); return }
        #expect(unresolved.reason == .unreadableResult)
    }

    @Test func completion_afterApprovalThenUnreadableStatus_isOutcomeUnknown() throws {
        // Given: an approval, then a report that cannot be parsed
        var machine = try machineInMasterPhase()
        _ = machine.received(ZVTAPDU(class: 0x04, instruction: 0x0F, data: ZVTFieldListTests.statusData))
        _ = machine.received(try ZVTAPDU.decode(hex("04 0F 03 27 05 04")))
        // When
        let actions = machine.received(try ZVTAPDU.decode(hex("06 0F 00")))
        // Then
        guard case .outcomeUnknown = actions.last else { Issue.record("not unknown: \(actions)"); return }
    }

    @Test func start_abortWhileRunning_sendsB0WithoutBusyError() throws {
        var machine = try machineInMasterPhase()
        #expect(try machine.start(.abort) == [.send(try ZVTAPDU.decode(hex("06 B0 00")))])
    }

    @Test func start_abortWhileIdle_completesOnAcknowledgement() throws {
        var machine = ZVTTransactionStateMachine(currency: .eur)
        _ = try machine.start(.abort)
        let actions = machine.received(.acknowledgement)
        #expect(actions == [.cancelTimer(.acknowledge), .complete(ZVTTransactionOutcome(command: .abortRequest))])
    }

    @Test func parse_panWithInvalidNibbles_isDiscardedNotFatal() throws {
        let fields = try ZVTFieldList.parse(hex("27 00 22 F0 F2 AB CD 87 00 01"))
        #expect(fields[.pan] == .discarded)
        #expect(fields.bytes(.receiptNumber) == hex("00 01"))
    }
}

/// The issue "A frame cut short ends like silence": what the machine does when the link layer drops a message.
extension ZVTTransactionStateMachineTests {
    @Test func messageCutShort_afterAPromptWithoutTimeout_restartsTheSilenceLimitLessTheGap() throws {
        // Given: a prompt without a timeout byte (T4, 180 s, would apply), then a message whose bytes stopped
        var machine = try machineInMasterPhase()
        let prompted = machine.received(try apdu("04 FF 01 0A"))
        // When: the frame-completion limit (5 s) ran out
        let cut = machine.messageCutShort(silentFor: .seconds(5))
        // Then: 15 s from the terminal's last byte, not 180 s
        #expect(prompted.last == restart)
        #expect(cut == [.startTimer(.completion, .seconds(10))])
    }

    @Test func messageCutShort_thenSilence_abortsThenIsOutcomeUnknownMessageCutShort() throws {
        // Given
        var machine = try machineInMasterPhase()
        _ = machine.received(try apdu("04 FF 02 0A 5A"))  // insert card, 90 s
        _ = machine.messageCutShort(silentFor: .milliseconds(200))
        // When
        let silent = machine.timerFired(.completion)
        let abortAcknowledged = machine.received(.acknowledgement)
        let stillSilent = machine.timerFired(.completion)
        // Then
        #expect(silent == [.send(try apdu("06 B0 00")), .startTimer(.completion, .seconds(5))])
        #expect(abortAcknowledged == [])
        #expect(stillSilent == [.outcomeUnknown(ZVTUnresolvedTransaction(command: .authorization, amount: amount, reason: .messageCutShort))])
        #expect(machine.isIdle)
    }

    @Test func messageCutShort_terminalThenAnswersTheAbort_isOutcomeUnknownNotNotCharged() throws {
        // Given: the lost message may have been the approval
        var machine = try machineInMasterPhase()
        _ = machine.messageCutShort(silentFor: .seconds(5))
        _ = machine.timerFired(.completion)
        _ = machine.received(.acknowledgement)
        // When
        let ended = machine.received(try apdu("06 1E 01 6C"))
        // Then
        #expect(ended == [ack, .cancelTimer(.completion),
                          .outcomeUnknown(ZVTUnresolvedTransaction(command: .authorization, amount: amount, reason: .messageCutShort))])
    }

    @Test func messageCutShort_afterTheFinalStatus_waitsTheCompletionLimitLessTheGap() throws {
        // Given
        var machine = try machineInMasterPhase()
        _ = machine.received(ZVTAPDU(class: 0x04, instruction: 0x0F, data: ZVTFieldListTests.statusData))
        // When
        let cut = machine.messageCutShort(silentFor: .seconds(5))
        let silent = machine.timerFired(.completion)
        // Then
        #expect(cut == [.startTimer(.completion, .seconds(10))])
        guard case .outcomeUnknown(let unresolved) = silent.last, silent.count == 1 else {
            Issue.record("not unknown at once: \(silent)"); return
        }
        #expect(unresolved.reason == .messageCutShort)
        #expect(unresolved.lastStatusInformation != nil)
    }

    @Test func messageCutShort_gapLongerThanTheLimit_endsAtOnce() throws {
        var machine = try machineInMasterPhase()
        #expect(machine.messageCutShort(silentFor: .seconds(20)) == [.startTimer(.completion, .zero)])
    }

    @Test func messageCutShort_thenTheRepeatArrives_goesOnWithTheNormalLimits() throws {
        // Given: a frame NAK'd for a stall, then repeated whole
        var machine = try machineInMasterPhase()
        _ = machine.messageCutShort(silentFor: .milliseconds(200))
        // When
        let prompted = machine.received(try apdu("04 FF 01 0A"))
        // Then
        #expect(prompted.last == restart)
    }

    @Test func messageCutShort_beforeTheAcknowledgementOrWhileIdle_changesNothing() throws {
        // Given
        var idle = ZVTTransactionStateMachine(currency: .eur)
        var waiting = ZVTTransactionStateMachine(currency: .eur)
        _ = try waiting.start(authorization)
        // When / Then: T3 already bounds the wait for the acknowledgement
        #expect(idle.messageCutShort(silentFor: .seconds(5)) == [])
        #expect(waiting.messageCutShort(silentFor: .seconds(5)) == [])
        #expect(waiting.timerFired(.acknowledge).last
            == .outcomeUnknown(ZVTUnresolvedTransaction(command: .authorization, amount: amount, reason: .acknowledgeTimeout)))
    }

    @Test func frameCompletionLimit_neverExceedsASilenceLimit() {
        let standard = ZVTTimeouts.standard
        let short = standard.with(completionAfterStatusSeconds: 1, silenceAfterAcknowledgeSeconds: 3)
        #expect(standard.frameCompletionLimit == .seconds(5))
        #expect(short.frameCompletionLimit == .seconds(1))
    }
}
