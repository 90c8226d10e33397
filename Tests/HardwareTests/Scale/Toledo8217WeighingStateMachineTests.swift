import Hardware
import Testing

/// Every path of one 8217 weighing, fed event by event.
@Suite struct Toledo8217WeighingStateMachineTests {
    typealias Machine = Toledo8217WeighingStateMachine
    static let weigh: Machine.Action = .send([0x57])
    static let configuration = Machine.Configuration(
        answerTimeout: .seconds(1), attempts: 2, motionRetryInterval: .milliseconds(250), motionRetries: 2
    )

    static func frame(_ text: String) -> [UInt8] { [0x02] + Array(text.utf8) + [0x0D] }
    static func status(_ byte: UInt8) -> [UInt8] { [0x02, 0x3F, byte, 0x0D] }

    @Test func start_sendsWAndStartsAnswerTimer() throws {
        var machine = Machine(configuration: Self.configuration)
        #expect(try machine.start() == [Self.weigh, .startTimer(.answer, .seconds(1))])
        #expect(machine.isActive)
    }

    @Test func stableWeight_finishesWithGrams() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        let actions = machine.bytesReceived(Self.frame("01.234"))
        #expect(actions == [.cancelTimer(.answer), .finish(.success(ScaleWeight(grams: 1234, displayed: "01.234")))])
        #expect(!machine.isActive)
    }

    @Test func motion_retriesAfterIntervalThenSettles() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        #expect(machine.bytesReceived(Self.status(0x41)) == [.cancelTimer(.answer), .startTimer(.motionRetry, .milliseconds(250))])
        #expect(machine.timerFired(.motionRetry) == [Self.weigh, .startTimer(.answer, .seconds(1))])
        let actions = machine.bytesReceived(Self.frame("00.750N"))
        #expect(actions.last == .finish(.success(ScaleWeight(grams: 750, isNet: true, displayed: "00.750"))))
    }

    @Test func motionBeyondRetries_finishesUnstable() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        for _ in 0..<2 {
            _ = machine.bytesReceived(Self.status(0x41))
            _ = machine.timerFired(.motionRetry)
        }
        #expect(machine.bytesReceived(Self.status(0x41)).last == .finish(.failure(ScaleError(.unstable))))
    }

    @Test(arguments: [
        (Self.frame("00.000"), ScaleError.Code.zero),
        (Self.status(0x42), .overCapacity),
        (Self.status(0x43), .overCapacity),  // over capacity wins over motion
        (Self.status(0x44), .underZero),
        (Self.status(0x48), .zeroError),
        (Self.status(0x50), .zero),  // a status without a reason: centre of zero
        (Self.frame("002.71"), .wrongUnit),
    ])
    func noSellableWeight_finishesWithReason(bytes: [UInt8], code: ScaleError.Code) throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        guard case .finish(.failure(let error))? = machine.bytesReceived(bytes).last else {
            Issue.record("expected a failure"); return
        }
        #expect(error.code == code)
    }

    @Test func noAnswer_asksAgainThenFinishesNoAnswer() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        #expect(machine.timerFired(.answer) == [Self.weigh, .startTimer(.answer, .seconds(1))])
        #expect(machine.timerFired(.answer) == [.finish(.failure(ScaleError(.noAnswer)))])
    }

    @Test func garbledAnswer_asksAgainThenFinishesUnreadable() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        #expect(machine.bytesReceived(Self.frame("1X.2Y3")) == [.cancelTimer(.answer), Self.weigh, .startTimer(.answer, .seconds(1))])
        guard case .finish(.failure(let error))? = machine.bytesReceived(Self.frame("1X.2Y3")).last else {
            Issue.record("expected a failure"); return
        }
        #expect(error.code == .unreadable)
    }

    @Test func partialFrame_waitsForTheRest() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        #expect(machine.bytesReceived([0x02, 0x30, 0x31]) == [])
        #expect(machine.bytesReceived([0x2E, 0x30, 0x30, 0x30, 0x0D]).last == .finish(.success(ScaleWeight(grams: 1000, displayed: "01.000"))))
    }

    /// A frame cut short ends like silence: bytes of an answer do not restart the answer timer, so a scale that
    /// stops mid-frame is asked again after `answerTimeout` (the half frame dropped) and, after the last attempt,
    /// the weighing ends `noAnswer` within attempts × answerTimeout of the first `W`.
    @Test func partialFrameThenSilence_endsWithinTheAnswerLimits() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        #expect(machine.bytesReceived([0x02, 0x30, 0x31]) == [])
        #expect(machine.timerFired(.answer) == [Self.weigh, .startTimer(.answer, .seconds(1))])
        #expect(machine.bytesReceived([0x02, 0x30]) == [])
        #expect(machine.timerFired(.answer) == [.finish(.failure(ScaleError(.noAnswer)))])
    }

    @Test func partialFrameThenSilence_theRepeatedAnswerIsReadWithoutTheDroppedHalf() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        _ = machine.bytesReceived([0x02, 0x30, 0x31])
        _ = machine.timerFired(.answer)
        #expect(machine.bytesReceived(Self.frame("00.750")).last == .finish(.success(ScaleWeight(grams: 750, displayed: "00.750"))))
    }

    @Test func startWhileActive_throwsBusy() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        #expect(throws: ScaleError(.busy)) { try machine.start() }
    }

    @Test func lateBytesAndTimers_afterFinish_doNothing() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = try machine.start()
        _ = machine.bytesReceived(Self.frame("01.234"))
        #expect(machine.bytesReceived(Self.frame("02.000")) == [])
        #expect(machine.timerFired(.answer) == [])
        #expect(machine.cancel() == [])
    }

    @Test func lineDrop_finishesLineFailed_andCancelFinishesCancelled() throws {
        var dropped = Machine(configuration: Self.configuration)
        _ = try dropped.start()
        #expect(dropped.transportFailed("deviceGone").last == .finish(.failure(ScaleError(.lineFailed, detail: "deviceGone"))))
        var cancelled = Machine(configuration: Self.configuration)
        _ = try cancelled.start()
        #expect(cancelled.cancel().last == .finish(.failure(ScaleError(.cancelled))))
    }
}
