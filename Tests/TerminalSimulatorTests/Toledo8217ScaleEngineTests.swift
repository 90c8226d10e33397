import Hardware
import Testing
import TerminalSimulator

/// The simulated 8217 scale's answers, byte for byte as the protocol documents them.
@Suite struct Toledo8217ScaleEngineTests {
    @Test(arguments: [
        (ScaleScript.Step.stable(grams: 1234), [0x02, 0x30, 0x31, 0x2E, 0x32, 0x33, 0x34, 0x0D] as [UInt8]),
        (.net(grams: 500), [0x02, 0x30, 0x30, 0x2E, 0x35, 0x30, 0x30, 0x4E, 0x0D]),
        (.zero, [0x02, 0x30, 0x30, 0x2E, 0x30, 0x30, 0x30, 0x0D]),
        (.stable(grams: 99_999), [0x02, 0x39, 0x39, 0x2E, 0x39, 0x39, 0x39, 0x0D]),
        (.stable(grams: 100_000), [0x02, 0x3F, 0x42, 0x0D]),
        (.moving, [0x02, 0x3F, 0x41, 0x0D]),
        (.overCapacity, [0x02, 0x3F, 0x42, 0x0D]),
        (.underZero, [0x02, 0x3F, 0x44, 0x0D]),
        (.zeroError, [0x02, 0x3F, 0x48, 0x0D]),
        (.pounds(hundredths: 271), [0x02, 0x30, 0x30, 0x32, 0x2E, 0x37, 0x31, 0x0D]),
        (.silent, []),
    ])
    func weighRequest_answersTheDocumentedBytes(step: ScaleScript.Step, bytes: [UInt8]) {
        let engine = Toledo8217ScaleEngine(script: ScaleScript([step]))
        #expect(engine.answer(to: 0x57) == bytes)
    }

    @Test func otherCommands_answerStatusOrNothing() {
        let engine = Toledo8217ScaleEngine()
        #expect(engine.answer(to: 0x5A) == [0x02, 0x3F, 0x50, 0x0D])  // Z: centre of zero
        #expect(engine.answer(to: 0x54) == [0x02, 0x3F, 0x40, 0x0D])  // T
        #expect(engine.answer(to: 0x43) == [0x02, 0x3F, 0x40, 0x0D])  // C
        #expect(engine.answer(to: 0x77) == [])  // lowercase w: commands are uppercase only
        #expect(engine.weightRequests == 0)
    }

    @Test func steps_areTakenInOrder_lastRepeats() throws {
        let engine = Toledo8217ScaleEngine(script: try ScaleScript(parsing: "moving,stable:5"))
        #expect(engine.answer(to: 0x57) == [0x02, 0x3F, 0x41, 0x0D])
        #expect(engine.answer(to: 0x57) == [0x02, 0x30, 0x30, 0x2E, 0x30, 0x30, 0x35, 0x0D])
        #expect(engine.answer(to: 0x57) == [0x02, 0x30, 0x30, 0x2E, 0x30, 0x30, 0x35, 0x0D])
        #expect(engine.weightRequests == 3)
    }

    @Test(arguments: ["stable", "stable:x", "heavy", "moving:3", "net:-1"])
    func badScript_throwsNamingTheStep(text: String) {
        #expect(throws: ScaleScriptError.self) { try ScaleScript(parsing: text) }
    }
}
