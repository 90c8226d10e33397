// MARK: - Link events per state

extension ConcertSessionStateMachine {
    mutating func handle(_ event: ConcertLinkEvent) -> [Action] {
        switch (state, event) {
        case (.enquiring, .acknowledge):
            state = .sendingRequest(transmission: 1)
            return [.send(requestFrameBytes), acknowledgementTimer]
        case (.enquiring(let attempt), .negativeAcknowledge):
            return enquiryFailed(attempt: attempt)
        case (.sendingRequest, .acknowledge):
            state = .awaitingAnswer
            return [
                .send(ConcertLinkSerializer.control(.endOfTransmission)),
                .startTimer(.answer, after: configuration.answerTimeout),
            ]
        case (.sendingRequest(let transmission), .negativeAcknowledge):
            return requestNotAcknowledged(transmission: transmission, refused: true)
        case (.awaitingAnswer, .enquiry):
            state = .receivingAnswer(attempt: 1)
            return [.send(ConcertLinkSerializer.control(.acknowledge)), frameTimer]
        case (.receivingAnswer(let attempt), .enquiry):
            // The terminal asks again (our ACK was lost); it counts as one more attempt at the answer.
            guard attempt < configuration.maximumTransmissions else {
                let error = ConcertError(code: .answerUnreadable, phase: .answerReception, underlying: "repeated ENQ")
                return finish(.outcomeUnknown(error))
            }
            state = .receivingAnswer(attempt: attempt + 1)
            return [.send(ConcertLinkSerializer.control(.acknowledge)), frameTimer]
        case (.receivingAnswer(let attempt), .frame(let payload)):
            do {
                return answerReceived(try ConcertAnswer(decoding: payload))
            } catch {
                return answerDamaged(attempt: attempt, cause: error.description)
            }
        case (.awaitingAnswer, .frame(let payload)):
            // A terminal that skipped its ENQ: an intact, decodable answer is still the answer.
            guard let answer = try? ConcertAnswer(decoding: payload) else { return [] }
            return answerReceived(answer)
        case (.receivingAnswer, .endOfTransmission):
            // The terminal gave up this turn; it will ask for the line again with ENQ.
            state = .awaitingAnswer
            return [.startTimer(.answer, after: configuration.answerTimeout)]
        default:
            // Noise, echoes and out-of-turn characters change nothing; the timers bound every wait.
            return []
        }
    }

    mutating func handleDamagedFrame(_ error: ConcertFrameError) -> [Action] {
        guard case .receivingAnswer(let attempt) = state else { return [] }
        return answerDamaged(attempt: attempt, cause: error.description)
    }

    mutating func enquiryFailed(attempt: Int) -> [Action] {
        let endTurn = Action.send(ConcertLinkSerializer.control(.endOfTransmission))
        guard attempt < configuration.maximumEnquiryAttempts else {
            return [endTurn] + finish(.fail(ConcertError(code: .terminalNotResponding, phase: .handshake)))
        }
        state = .pausingBeforeEnquiry(attempt: attempt)
        return [endTurn, .startTimer(.enquiryRetryPause, after: configuration.enquiryRetryPause)]
    }

    mutating func requestNotAcknowledged(transmission: Int, refused: Bool) -> [Action] {
        guard transmission >= configuration.maximumTransmissions else {
            state = .sendingRequest(transmission: transmission + 1)
            return [.send(requestFrameBytes), acknowledgementTimer]
        }
        let endTurn = Action.send(ConcertLinkSerializer.control(.endOfTransmission))
        if requestMayHaveArrived {
            let error = ConcertError(code: .requestUnacknowledged, phase: .requestDelivery)
            return [endTurn] + finish(.outcomeUnknown(error))
        }
        let cause = refused ? "NAK to every copy" : nil
        let error = ConcertError(code: .requestRejected, phase: .requestDelivery, underlying: cause)
        return [endTurn] + finish(.fail(error))
    }

    mutating func answerReceived(_ answer: ConcertAnswer) -> [Action] {
        let acknowledge = Action.send(ConcertLinkSerializer.control(.acknowledge))
        if case .unrecognized = answer.status {
            let error = ConcertError(code: .unrecognizedStatus, phase: .answerReception)
            return [acknowledge] + finish(.outcomeUnknown(error))
        }
        return [acknowledge] + finish(.complete(answer))
    }

    mutating func answerDamaged(attempt: Int, cause: String) -> [Action] {
        let refuse = Action.send(ConcertLinkSerializer.control(.negativeAcknowledge))
        guard attempt < configuration.maximumTransmissions else {
            let error = ConcertError(code: .answerUnreadable, phase: .answerReception, underlying: cause)
            return [refuse] + finish(.outcomeUnknown(error))
        }
        state = .receivingAnswer(attempt: attempt + 1)
        return [refuse, frameTimer]
    }

    private var frameTimer: Action {
        .startTimer(.frame, after: configuration.frameTimeout)
    }
}
