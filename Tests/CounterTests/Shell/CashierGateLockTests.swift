import Foundation
import POSFoundation
import Testing
import Yosemite
import YosemiteTestSupport
@testable import Counter

/// The lock holds (the merchant's "Esc back to Bob"): a locked or signed-out counter shows nothing but the gate and
/// opens only for a PIN Yosemite accepts; Esc moves between the lock and the choice of cashier, never past them; a
/// scanner's burst at any PIN prompt is ignored with a notice and never counts as a wrong try. Headless, on a demo
/// data directory with the real stores and a manual idle clock (advanced, never waited for).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CashierGateLockTests {
    /// Every key the sell screen binds, plus the shell's: none of them may do anything at the lock.
    private static let boundKeys: [KeyEvent] = (1...12).map { KeyEvent.function($0) }
        + [.control("d"), .control("o"), .control("r"), .backspace, .tab]

    /// The demo store with Ann (manager, 2468) and Bob (cashier, 1357).
    private func demoWithCashiers(_ directory: TestDataDirectory) async throws -> StoresManager {
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        _ = try await manager.dispatch { CashierAction.add(name: "Ann", role: .manager, pin: "2468", approval: nil, reply: $0) }
        _ = try await manager.dispatch {
            CashierAction.add(name: "Bob", role: .cashier, pin: "1357", approval: ManagerApproval(manager: "Ann", pin: "2468"), reply: $0)
        }
        return manager
    }

    private func failedAttempts(_ name: String, _ manager: StoresManager) async throws -> Int? {
        try await manager.dispatch { CashierAction.list(reply: $0) }.first { $0.name == name }?.failedAttempts
    }

    /// Awaits the frame showing `text`, or one showing any of `failures` instead (the sell screen: a lock that gave
    /// way; a wrong PIN: a scan typed as one), so a broken lock fails the test at once, not at its time limit.
    @discardableResult
    private func settle(_ screen: CanvasScreen, _ text: String,
                        failingOn failures: [String] = ["Search or scan", "Wrong PIN"]) async -> TextCanvas {
        let frame = await screen.frame { canvas in canvas.contains(text) || failures.contains { canvas.contains($0) } }
        let shown = frame.contains(text)
        #expect(shown, "expected \"\(text)\", got:\n\(frame.rendered())")
        return frame
    }

    /// Types a PIN as a person does: the digits (released once the scan detector's gap has passed), then Enter.
    private func typePin(_ pin: String, on screen: CanvasScreen) async {
        screen.type(pin.map { KeyEvent.character($0) })
        _ = await screen.frame { $0.contains("PIN: " + String(repeating: "*", count: pin.count)) }
        screen.type([.enter])
    }

    /// Watches every frame from now on: counts those that show the sell screen (its search field or its keys) while
    /// the gate is not open for a cashier who typed their PIN.
    @MainActor
    private final class SellSpy {
        private(set) var shownLocked: [String] = []

        init(screen: CanvasScreen, app: CounterApp) {
            screen.onDraw = { [weak self, weak app] canvas in
                guard let self, let gate = app?.gate else { return }
                let sell = canvas.contains("Search or scan") || canvas.contains("F12 Cash")
                if sell, !(gate.unlocked && gate.stage == .open) { self.shownLocked.append(canvas.rendered()) }
            }
        }
    }

    @Test func restartWithBobSignedIn_startsAtHisPin_escFKeysAndScansNeverOpenIt_hisPinDoes() async throws {
        // Given Bob signed in when the counter last ran (a restart)
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = try await demoWithCashiers(directory)
        _ = try await manager.dispatch { CashierAction.signIn(name: "Bob", pin: "1357", reply: $0) }
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 24, columns: 80))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen, idleClock: ManualClock())
        let spy = SellSpy(screen: screen, app: app)
        let running = Task { await app.run() }

        // When the counter starts: locked at Bob's PIN, nothing of the sell screen around it
        let locked = await screen.frame { $0.contains("Locked: Bob") }
        #expect(!locked.contains("Search or scan") && !locked.contains("F12"), "\(locked)")
        #expect(locked.contains("Esc Another cashier") && !locked.contains("F1 Help"), "the key line names the gate's keys: \(locked)")
        #expect(app.gate.stage == .idle && !app.gate.unlocked)

        // Then Esc (several times) only moves between the lock and the choice; every bound key does nothing
        for _ in 1...3 {
            screen.type([.escape])
            let choose = await screen.frame { $0.contains("Switch cashier: press a number") }
            #expect(choose.contains("Esc  back to Bob's PIN"), "\(choose)")
            screen.type(Self.boundKeys)
            screen.type([.escape])
            await settle(screen, "Locked: Bob")
            #expect(app.gate.stage == .idle && !app.gate.unlocked)
            screen.type(Self.boundKeys + [.control("l")])
            _ = await screen.frame { $0.contains("Switch cashier: press a number") }
            screen.type([.escape])
            await settle(screen, "Locked: Bob")
            #expect(app.gate.stage == .idle && !app.gate.unlocked)
        }

        // And a scan at Bob's PIN is ignored with a notice: no digit typed, no try counted, nothing sold
        screen.type([.character("1")])
        // (the star shows while the shell still holds the digit as a possible scan's start: wait until it is typed)
        _ = await screen.frame { $0.contains("PIN: *") && app.gate.typedCount == 1 }
        screen.scan("4006381333931")
        let ignored = await settle(screen, "Scan ignored")
        #expect(ignored.contains("PIN: * "), "the digit typed before stays, the scan adds none: \(ignored)")
        #expect(app.gate.typedCount == 1)
        #expect(try await failedAttempts("Bob", manager) == 0)
        #expect(app.router.sell.interactor.response.lines.isEmpty)
        screen.type([.backspace])

        // And Bob's PIN opens it
        await typePin("1357", on: screen)
        _ = await screen.frame { $0.contains("Search or scan") && !$0.contains("Locked") }
        #expect(app.gate.stage == .open && app.gate.signedIn?.name == "Bob")
        #expect(spy.shownLocked.isEmpty, "the sell screen was drawn while locked: \(spy.shownLocked.first ?? "")")
        screen.close()
        await running.value
    }

    @Test func idleLock_escNeverOpensIt_aSwitchAsksForThePin_aScanAtAnyPinPromptIsNotATry() async throws {
        // Given Ann signed in at a counter that locks after 300 s
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = try await demoWithCashiers(directory)
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 24, columns: 80))
        let clock = ManualClock()
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen, idleClock: clock)
        let running = Task { await app.run() }
        let choose = await screen.frame { $0.contains("Sign in: press your number") }
        #expect(!choose.contains("Search or scan"))
        // A scan at the choice picks nobody
        screen.scan("4006381333931")
        await settle(screen, "Scan ignored: sign in first", failingOn: ["PIN for"])
        #expect(app.gate.stage == .choose)
        // And Esc with nobody signed in stays at the choice
        screen.type([.escape] + Self.boundKeys)
        screen.type([.character("1")])
        _ = await screen.frame { $0.contains("PIN for Ann") }
        // A scan at Ann's PIN is ignored and not counted
        screen.scan("4006381333931")
        await settle(screen, "Scan ignored: a PIN is typed by hand")
        #expect(try await failedAttempts("Ann", manager) == 0)
        await typePin("2468", on: screen)
        _ = await screen.frame { $0.contains("Search or scan") && !$0.contains("PIN for Ann") }

        // When ^L starts a switch and Esc cancels it, the unlocked cashier is back (no lock was passed)
        screen.type([.control("l")])
        _ = await screen.frame { $0.contains("Switch cashier: press a number") && $0.contains("Esc  back to Ann") }
        screen.type([.escape])
        _ = await screen.frame { $0.contains("Search or scan") }
        #expect(app.gate.stage == .open)

        // When the idle time runs out, the spy starts: from now on the sell screen may show only after a PIN
        await clock.waitForSleeper(dueIn: .seconds(300))
        let spy = SellSpy(screen: screen, app: app)
        clock.advance(by: .seconds(300))
        let idle = await screen.frame { $0.contains("Locked (idle): Ann") }
        #expect(!idle.contains("Search or scan") && !idle.contains("F12"))
        // Then Esc, Esc (the merchant's way back to the sale) leads to the choice and back to the lock, never the sale
        for _ in 1...4 {
            screen.type([.escape])
            let choice = await screen.frame { $0.contains("Switch cashier: press a number") }
            #expect(choice.contains("Esc  back to Ann's PIN"))
            screen.type([.escape] + Self.boundKeys)
            await settle(screen, "Locked (idle): Ann")
            #expect(app.gate.stage == .idle && !app.gate.unlocked)
        }
        // And the switch to Bob asks for his PIN; a scan there is ignored; Esc, Esc is back at Ann's lock
        screen.type([.escape, .character("2")])
        _ = await screen.frame { $0.contains("PIN for Bob") }
        screen.scan("4006381333931")
        await settle(screen, "Scan ignored")
        #expect(try await failedAttempts("Bob", manager) == 0)
        screen.type([.escape])
        _ = await screen.frame { $0.contains("Switch cashier: press a number") }
        screen.type([.escape])
        await settle(screen, "Locked (idle): Ann")
        // And a scan at the idle lock is not a try either, and sells nothing
        screen.scan("4006381333931")
        await settle(screen, "Scan ignored")
        #expect(try await failedAttempts("Ann", manager) == 0)
        #expect(app.router.sell.interactor.response.lines.isEmpty)
        // And a wrong PIN is one try; then Ann's PIN opens it
        await typePin("1111", on: screen)
        _ = await screen.frame { $0.contains("Wrong PIN for Ann") }
        #expect(try await failedAttempts("Ann", manager) == 1)
        await typePin("2468", on: screen)
        _ = await screen.frame { $0.contains("Search or scan") && !$0.contains("Locked") }
        #expect(app.gate.stage == .open && app.gate.signedIn?.name == "Ann")
        #expect(spy.shownLocked.isEmpty, "the sell screen was drawn while locked: \(spy.shownLocked.first ?? "")")
        screen.close()
        await running.value
    }

    @Test func aWrongPinDuringASwitch_locks_escThenLeadsToTheSignedInCashiersPin() async throws {
        // Given Ann signed in, and ^L to switch to Bob with a wrong PIN
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = try await demoWithCashiers(directory)
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 24, columns: 80))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen, idleClock: ManualClock())
        let running = Task { await app.run() }
        _ = await screen.frame { $0.contains("Sign in: press your number") }
        screen.type([.character("1")])
        _ = await screen.frame { $0.contains("PIN for Ann") }
        await typePin("2468", on: screen)
        _ = await screen.frame { $0.contains("Search or scan") }
        screen.type([.control("l"), .character("2")])
        _ = await screen.frame { $0.contains("PIN for Bob") }
        await typePin("0000", on: screen)
        _ = await screen.frame { $0.contains("Wrong PIN for Bob") }
        // When Esc, Esc: the counter stays locked, at Ann's PIN
        screen.type([.escape])
        let choice = await screen.frame { $0.contains("Switch cashier: press a number") }
        #expect(choice.contains("Esc  back to Ann's PIN"))
        screen.type([.escape])
        await settle(screen, "Type your PIN and Enter", failingOn: ["Search or scan"])
        #expect(app.gate.stage == .idle && !app.gate.unlocked)
        await typePin("2468", on: screen)
        _ = await screen.frame { $0.contains("Search or scan") }
        #expect(app.gate.stage == .open)
        screen.close()
        await running.value
    }
}
