import Foundation
import POSFoundation
import Testing
import Yosemite
import YosemiteTestSupport
@testable import Counter

/// The cashier gate in the whole counter headless, on a demo data directory with the real stores: it starts locked
/// once cashiers exist, a cashier signs in with two keys and the PIN, and the idle lock runs on an injected
/// manual clock (advanced by the test, never waited for).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CounterAppCashierTests {
    @Test func cashiersSetUp_startsLocked_signInWithTwoKeysAndPin_thenTheIdleTimeLocksIt() async throws {
        // Given the demo counter with a manager and a cashier, and the default idle time (300 s)
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        _ = try await manager.dispatch { CashierAction.add(name: "Ann", role: .manager, pin: "2468", approval: nil, reply: $0) }
        _ = try await manager.dispatch {
            CashierAction.add(name: "Bob", role: .cashier, pin: "1357", approval: ManagerApproval(manager: "Ann", pin: "2468"), reply: $0)
        }
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 100))
        let clock = ManualClock()
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen, idleClock: clock)
        let running = Task { await app.run() }

        // When the counter starts: locked, listing the cashiers
        let locked = await screen.frame { $0.contains("Sign in: press your number") }
        #expect(locked.contains("1  Ann (manager)") && locked.contains("2  Bob"))
        // And Bob presses 2 and types his PIN (shown as stars)
        screen.type([.character("2")])
        _ = await screen.frame { $0.contains("PIN for Bob") }
        screen.type("1357".map { KeyEvent.character($0) })
        let typed = await screen.frame { $0.contains("PIN: ****") }
        #expect(!typed.contains("1357"))
        screen.type([.enter])
        let signedIn = await screen.frame { $0.contains("Search or scan") && !$0.contains("PIN for Bob") }
        #expect(signedIn.contains("Bob"))

        // Then nothing locks before the idle time; at 300 s without a key it does
        await clock.waitForSleeper(dueIn: .seconds(300))
        clock.advance(by: .seconds(299))
        #expect(app.gate.stage == .open)
        clock.advance(by: .seconds(1))
        let idle = await screen.frame { $0.contains("Locked (idle): Bob") }
        #expect(idle.contains("Type your PIN and Enter"))
        // And Bob's PIN opens it again, typed as a person types it: the digits, then Enter (four digits and Enter at
        // one instant are a scanner's burst, which is never a PIN)
        screen.type("1357".map { KeyEvent.character($0) })
        _ = await screen.frame { $0.contains("PIN: ****") }
        screen.type([.enter])
        _ = await screen.frame { $0.contains("Search or scan") && !$0.contains("Locked (idle)") }
        #expect(app.gate.stage == .open)
        // And F1 lists the switch of cashier with the screen's keys (it is no hidden key)
        screen.type([.function(1)])
        let help = await screen.frame { $0.contains("Keys on") }
        #expect(help.contains("^L") && help.contains("Switch cashier"))
        screen.close()
        await running.value
    }
}
