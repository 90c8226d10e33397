import FuzzSupport
import Hardware
import POSFoundation

/// The Concert parsers and session driven by hostile bytes, with their invariants.
enum ConcertFuzzChecks {
    static func link(_ bytes: [UInt8], seed: UInt8) {
        var parser = ConcertLinkParser()
        for chunk in fuzzChunks(bytes, seed: seed) {
            parser.append(chunk)
            while true {
                do {
                    guard let event = try parser.nextEvent() else { break }
                    if case .frame(let payload) = event {
                        checkFrameRoundTrip(payload)
                        decode(payload)
                    }
                } catch {
                    continue
                }
            }
        }
    }

    /// A payload decoded as an answer and as a request; what decodes re-encodes to what decodes the same.
    static func decode(_ payload: [UInt8]) {
        if let answer = try? ConcertAnswer(decoding: payload) {
            checkAnswer(answer)
            let again = try? ConcertAnswer(decoding: answer.encoded())
            fuzzCheck(again == answer, "Concert answer does not round-trip")
        }
        if let request = try? ConcertRequest(decoding: payload) {
            fuzzCheck(request.amountMinorUnits >= 0, "a Concert request amount is negative")
            let again = try? ConcertRequest(decoding: request.encoded())
            fuzzCheck(again == request, "Concert request does not round-trip")
        }
    }

    static func session(_ bytes: [UInt8], seed: UInt8) {
        var machine = ConcertSessionStateMachine()
        guard let request = try? ConcertRequest.payment(Money(minorUnits: 1_250, currency: .eur), posNumber: 1) else {
            fuzzCheck(false, "the reference request does not build")
            return
        }
        var endings = 0
        func count(_ actions: [ConcertSessionStateMachine.Action]) {
            for action in actions {
                switch action {
                case .complete(let answer):
                    checkAnswer(answer)
                    endings += 1
                case .fail, .outcomeUnknown:
                    endings += 1
                default:
                    break
                }
            }
        }
        count((try? machine.start(request)) ?? [])
        let timers: [ConcertSessionStateMachine.Timer] = [.acknowledgement, .enquiryRetryPause, .answer, .frame]
        for (index, chunk) in fuzzChunks(bytes, seed: seed).enumerated() {
            count(machine.bytesReceived(chunk))
            if chunk.first.map({ $0 % 11 == 0 }) ?? false {
                count(machine.timerFired(timers[index % timers.count]))
            }
        }
        if machine.isActive { count(machine.transportFailed("fuzz")) }
        fuzzCheck(endings == 1, "a Concert session ended \(endings) times")
        fuzzCheck(!machine.isActive, "a Concert session is still active after the line failed")
    }

    static func checkFrameRoundTrip(_ payload: [UInt8]) {
        guard let framed = try? ConcertLinkSerializer.frame(payload: payload) else {
            fuzzCheck(false, "a received Concert frame cannot be framed again")
            return
        }
        var parser = ConcertLinkParser()
        parser.append(framed)
        fuzzCheck((try? parser.nextEvent()) == .frame(payload), "Concert frame does not round-trip")
    }

    static func checkAnswer(_ answer: ConcertAnswer) {
        fuzzCheck(answer.amountMinorUnits >= 0, "a Concert answer amount is negative")
        if let last = answer.cardNumberLastFour {
            fuzzCheck(last.count == 4 && last.allSatisfy { $0.isASCII && $0.isNumber },
                      "a Concert answer keeps more than the last four card digits")
        }
        fuzzCheck(answer.format == .full || answer.cardNumberLastFour == nil, "a short answer carries card digits")
    }
}
