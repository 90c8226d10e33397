import Foundation
import Testing

/// Cashiers at the counter in a real terminal, on the demo store with a manager (Ann, 2468) and a cashier (Bob,
/// 1357): the counter starts locked and a cashier signs in with two keys and the PIN; a refund asks for a
/// manager's PIN; five wrong PINs lock Bob; Ann takes over mid-shift and the Z report shows both; and the idle
/// lock (a one-second `idleLockSeconds`; the test awaits the frames, it never sleeps).
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)), .serialized)
struct PosCounterCashiersEndToEndTests {

    @Test func signInSwitchRefundApprovalAndTheLockAfterFiveWrongPins_zReportShowsBothCashiers() async throws {
        let data = try await CashierDemoData.make(idleLockSeconds: 0)
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)

        // Given the counter starts locked: Bob signs in with two keys (his number, then the PIN)
        #expect(await frames.frame(containing: "screen=sell", "gate=choose", "cashier=-") != nil)
        let locked = try await tmux.capture(containing: "Sign in: press your number")
        #expect(locked.contains("1  Ann (manager)") && locked.contains("2  Bob"), "\(locked)")
        try await tmux.press("2")
        #expect(await frames.frame(containing: "gate=pin") != nil)
        try await tmux.type("1357")
        // The digits are on screen before Enter: four digits and Enter in one burst are a scan, never a PIN
        #expect(await frames.frame(containing: "pinTyped=4") != nil)
        let masked = try await tmux.capture(containing: "PIN: ****")
        #expect(!masked.contains("1357"), "the PIN is never drawn")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Bob") != nil)
        #expect(try await tmux.capture(containing: "Bob").contains("Bob"))

        // When Bob sells an espresso in cash and refunds it from the orders screen
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "saved=yes") != nil)
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)
        try await tmux.press("F9")
        #expect(await frames.frame(containing: "screen=orders", "orders=1") != nil)
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=amount") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=question") != nil)
        try await tmux.press("Enter")
        // Then a manager's PIN is asked for before anything is refunded
        #expect(await frames.frame(containing: "screen=orders", "gate=manager") != nil)
        let asked = try await tmux.capture(containing: "Manager approval")
        #expect(asked.contains("Manager approval: a refund") && asked.contains("1  Ann"), "\(asked)")
        try await tmux.press("1")
        #expect(await frames.frame(containing: "gate=managerPin") != nil)
        try await tmux.type("2468")
        #expect(await frames.frame(containing: "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "gate=open", "refunding=false", "message=info", "refunded=1") != nil)
        #expect(try await tmux.capture(containing: "Refunded 2,20 €").contains("Refunded 2,20 € in cash"))
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "gate=open") != nil)

        // When ^L switches, and Bob types a wrong PIN five times: he is locked
        try await tmux.press("C-l")
        #expect(await frames.frame(containing: "gate=choose", "cashier=Bob") != nil)
        try await tmux.press("2")
        #expect(await frames.frame(containing: "gate=pin") != nil)
        for attempt in 1...5 {
            try await tmux.type("0000")
            #expect(await frames.frame(containing: "pinTyped=4") != nil)
            try await tmux.press("Enter")
            let expected = attempt < 5 ? "gateMessage=Wrong_PIN_for_Bob;_\(5 - attempt)_more" : "gateMessage=Bob_is_locked"
            #expect(await frames.frame(containing: "gate=pin", expected) != nil, "attempt \(attempt)")
        }
        #expect(try await tmux.capture(containing: "Bob is locked").contains("Bob is locked after too many wrong PINs."))
        // And even his right PIN is refused now
        try await tmux.type("1357")
        #expect(await frames.frame(containing: "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "gate=pin", "cashier=Bob", "gateMessage=Bob_is_locked") != nil)

        // When Ann takes over mid-shift (Esc, her number, her PIN)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "gate=choose") != nil)
        try await tmux.press("1")
        try await tmux.type("2468")
        #expect(await frames.frame(containing: "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Ann") != nil)
        // And 50 % off a line (^D) asks for a manager's PIN too, then applies
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=2,20€", "saved=yes") != nil)
        try await tmux.press("C-d")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.type("50%")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "gate=manager") != nil)
        #expect(try await tmux.capture(containing: "Manager approval").contains("a discount above the threshold"))
        try await tmux.press("1")
        try await tmux.type("2468")
        #expect(await frames.frame(containing: "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "total=1,10€", "saved=yes") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "overlay=quit") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "never") == nil)

        // Then the shift's Z report shows both cashiers, Bob's sale and refund, and the switch
        let report = try await PosProcess.run(["shift", "report", "--data-dir", data.path])
        #expect(report.status == 0, "\(report.stderr)")
        let rows = report.stdout.filter { !$0.isWhitespace }
        // (The count is a CLDR plural: "1 sale", "0 sales".)
        #expect(rows.contains("CashierBob1sale") && !rows.contains("CashierBob1sales") && rows.contains("CashierAnn0sales"),
                "\(report.stdout)")
        #expect(rows.contains("Refunds(1)2,20€") || rows.contains("Refunds(1)2.20"), "\(report.stdout)")
        #expect(rows.contains("SwitchedtoAnn"), "\(report.stdout)")
        let list = try await PosProcess.run(["cashier", "list", "--data-dir", data.path])
        #expect(list.stdout.contains("Bob\tcashier\tlocked"), "\(list.stdout)")
        let approvals = try await PosProcess.run(["cashier", "approvals", "--data-dir", data.path])
        #expect(approvals.stdout.contains("refund") && approvals.stdout.contains("by Ann\tfor Bob"), "\(approvals.stdout)")
        #expect(approvals.stdout.contains("discount") && approvals.stdout.contains("by Ann\tfor Ann"), "\(approvals.stdout)")
    }

    @Test func idleTime_locksTheCounter_theCashiersPinUnlocksIt() async throws {
        let data = try await CashierDemoData.make(idleLockSeconds: 1)
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=sell", "gate=choose") != nil)
        try await tmux.press("1")
        try await tmux.type("2468")
        #expect(await frames.frame(containing: "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Ann") != nil)

        // When no key comes for the idle time, the counter locks over the screen
        #expect(await frames.frame(containing: "screen=sell", "gate=idle", "cashier=Ann") != nil)
        let idle = try await tmux.capture(containing: "Locked (idle): Ann")
        #expect(idle.contains("Type your PIN and Enter") && idle.contains("Esc  another cashier signs in"), "\(idle)")
        // And a wrong PIN keeps it locked; Ann's PIN opens it again
        try await tmux.type("1111")
        #expect(await frames.frame(containing: "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "gate=idle", "gateMessage=Wrong_PIN_for_Ann") != nil)
        try await tmux.type("2468")
        #expect(await frames.frame(containing: "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Ann") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }
}
