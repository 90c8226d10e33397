import FuzzSupport
import Hardware

/// The invariants of the 8217 parser and weighing state machine.
enum ScaleFuzzChecks {
    /// What one `nextAnswer()` call gave.
    enum Outcome: Equatable {
        case answer(Toledo8217Answer)
        case refused(Toledo8217Parser.ParseError)
    }

    /// Appends each chunk and drains the parser after it.
    static func outcomes(_ chunks: [ArraySlice<UInt8>]) -> [Outcome] {
        var parser = Toledo8217Parser()
        var outcomes: [Outcome] = []
        for chunk in chunks {
            parser.append(Array(chunk))
            while true {
                do {
                    guard let answer = try parser.nextAnswer() else { break }
                    outcomes.append(.answer(answer))
                } catch {
                    outcomes.append(.refused(error))
                }
                fuzzCheck(outcomes.count <= chunks.reduce(0) { $0 + $1.count }, "the parser gives more results than bytes")
            }
        }
        return outcomes
    }

    /// The frame the scale sends for an answer.
    static func frame(_ answer: Toledo8217Answer) -> [UInt8] {
        switch answer {
        case .weight(let weight): [0x02] + Array(weight.text.utf8) + (weight.isNet ? [0x4E] : []) + [0x0D]
        case .status(let status): [0x02, 0x3F, status.byte, 0x0D]
        }
    }

    static func parser(_ bytes: [UInt8], seed: UInt8) {
        let whole = outcomes([bytes[...]])
        let chunked = outcomes(fuzzChunks(bytes, seed: seed | 1))
        fuzzCheck(whole == chunked, "the 8217 parser's results depend on how the bytes were chunked")
        for case .answer(let answer) in whole {
            check(answer)
            fuzzCheck(outcomes([frame(answer)[...]]) == [.answer(answer)], "an 8217 answer does not round-trip")
        }
    }

    static func check(_ answer: Toledo8217Answer) {
        switch answer {
        case .weight(let weight):
            fuzzCheck(weight.value >= 0, "a weight is negative")
            fuzzCheck(weight.text.count <= 9 && weight.text.count >= 1, "a weight field has \(weight.text.count) characters")
            fuzzCheck(weight.text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }, "a weight field holds more than digits and a point")
            fuzzCheck(weight.decimals >= 0 && weight.decimals < weight.text.count, "a weight has \(weight.decimals) decimals")
            if let grams = weight.grams { fuzzCheck(grams == weight.value && weight.decimals == 3, "grams of a non-kg weight") }
        case .status(let status):
            fuzzCheck(status.rawValue & 0xC0 == 0, "a status keeps bits 6 or 7")
        }
    }

    static func encoded(_ input: inout FuzzInput) {
        var expected: [Toledo8217Answer] = []
        var bytes: [UInt8] = []
        while !input.isEmpty, expected.count < 64 {
            // Noise without STX between frames is skipped.
            bytes += input.chunk().map { $0 & 0x7F == 0x02 ? 0x01 : $0 }
            let answer: Toledo8217Answer
            if input.bool() {
                answer = .status(Toledo8217Status(rawValue: input.byte()))
            } else {
                let digits = Int(input.byte() % 9) + 1
                var field = (0..<digits).map { _ in UInt8(0x30) + input.byte() % 10 }
                let point = Int(input.byte()) % (digits + 2)
                if point <= digits, field.count < 9 { field.insert(0x2E, at: point) }
                if field.allSatisfy({ $0 == 0x2E }) { field = [0x30] }
                let text = String(decoding: field, as: UTF8.self)
                let decimals = field.firstIndex(of: 0x2E).map { field.count - $0 - 1 } ?? 0
                let value = field.filter { $0 != 0x2E }.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                answer = .weight(Toledo8217Weight(text: text, value: value, decimals: decimals, isNet: input.bool()))
            }
            expected.append(answer)
            // A 7E1 line may leave the parity bit set; the parser masks it off.
            let parity: UInt8 = input.bool() ? 0x80 : 0
            bytes += frame(answer).map { $0 | parity }
        }
        let seed = input.byte()
        fuzzCheck(outcomes(fuzzChunks(bytes, seed: seed)) == expected.map(Outcome.answer),
                  "encoded 8217 answers do not parse back to themselves")
    }

    static func machine(_ input: inout FuzzInput) {
        var machine = Toledo8217WeighingStateMachine(configuration: .init(
            answerTimeout: .seconds(1), attempts: Int(input.byte() % 4) + 1, motionRetryInterval: .milliseconds(200),
            motionRetries: Int(input.byte() % 4)))
        var finished = 0
        var timers: Set<Toledo8217WeighingStateMachine.Timer> = []
        func apply(_ actions: [Toledo8217WeighingStateMachine.Action]) {
            for action in actions {
                fuzzCheck(finished == 0, "the weighing acts after it finished")
                switch action {
                case .send(let bytes): fuzzCheck(bytes == Toledo8217Command.weigh.bytes, "the weighing sends something else than W")
                case .startTimer(let timer, _): timers.insert(timer)
                case .cancelTimer(let timer): timers.remove(timer)
                case .finish(let result):
                    finished += 1
                    if case .success(let weight) = result {
                        fuzzCheck(weight.grams > 0, "a weighing gives \(weight.grams) g")
                        fuzzCheck(weight.displayed.filter({ $0 == "." }).count <= 1
                                  && weight.displayed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                                  "a weighing's displayed field holds more than digits and a point")
                    }
                }
            }
        }
        do {
            apply(try machine.start())
        } catch {
            fuzzCheck(false, "a fresh weighing is busy")
        }
        var steps = 0
        while !input.isEmpty, steps < 256 {
            steps += 1
            let wasActive = machine.isActive
            switch input.byte() % 8 {
            case 0: apply(machine.timerFired(.answer))
            case 1: apply(machine.timerFired(.motionRetry))
            case 2: apply(machine.transportFailed("line"))
            case 3: apply(machine.cancel())
            default: apply(machine.bytesReceived(input.chunk()))
            }
            if !wasActive { fuzzCheck(!machine.isActive, "a finished weighing became active again") }
            fuzzCheck(machine.isActive == (finished == 0), "isActive disagrees with the weighing having finished")
        }
        if finished == 0 {
            apply(machine.cancel())
            fuzzCheck(finished == 1, "cancelling an active weighing does not finish it")
        }
        fuzzCheck(finished == 1, "the weighing finished \(finished) times")
    }
}
