import Foundation
import POSFoundation
import Testing
import Yosemite
import YosemiteTestSupport
@testable import Counter

/// The echo of held keys in the whole counter headless: keys the scan detector holds (they may still start a scan)
/// show in the focused field at once but reach no screen until released; a scanner's burst never shows. The release
/// waits on a manual clock the test advances, so nothing here waits for wall-clock time.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CounterAppEchoTests {
    /// What a frame showed and what the screens knew when it was painted.
    struct Painted {
        var text: String
        var heldKeys: String
        var query: String
    }

    /// The demo counter with a hold of `maximumGap` (long: only the manual clock releases held keys), recording each
    /// frame with the sell screen's query at the time.
    private func openDemoCounter(
        _ directory: TestDataDirectory, _ release: ManualClock, idle: ManualClock = ManualClock(),
        cashiers: Bool = false
    ) async throws -> (CounterApp, CanvasScreen, Task<Void, Never>, () -> [Painted]) {
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        if cashiers {
            _ = try await manager.dispatch { CashierAction.add(name: "Ann", role: .manager, pin: "2468", approval: nil, reply: $0) }
        }
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 100))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen,
                             scanSettings: .init(minimumLength: 4, maximumGap: .seconds(60)), idleClock: idle,
                             releaseClock: release)
        final class Recorder { var frames: [Painted] = [] }
        let recorder = Recorder()
        screen.onDraw = { [weak app] canvas in
            recorder.frames.append(Painted(text: canvas.rendered(), heldKeys: canvas.heldKeys,
                                           query: app?.router.sell.interactor.response.query ?? ""))
        }
        let running = Task { await app.run() }
        return (app, screen, running, { recorder.frames })
    }

    @Test func typedLetters_showInTheSearchAtOnce_andReachTheSellScreenOnlyWhenReleased() async throws {
        // Given the demo counter
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let release = ManualClock()
        let (app, screen, running, frames) = try await openDemoCounter(directory, release)
        _ = await screen.frame { $0.contains("Search or scan") && $0.contains("Demo Store") }

        // When the cashier types "bag" (three keys: fewer than a scan has, so they are shown while held)
        screen.type([.character("b"), .character("a"), .character("g")])

        // Then the search shows them at once, as if typed, but the sell screen has not seen them: no query, no search
        let echoed = await screen.frame { $0.contains("Search or scan: bag▏") }
        #expect(echoed.heldKeys == "bag")
        #expect(app.router.sell.interactor.response.query == "")
        #expect(app.router.sell.interactor.response.results.isEmpty)
        #expect(!echoed.contains("Bagel"))

        // And once the hold runs out they are the screen's keys: the query is "bag", the search finds the bagel, and
        // the echo is gone (never shown twice)
        await release.waitForSleepers(count: 1)
        release.advance(by: .seconds(60))
        let found = await screen.frame { $0.heldKeys.isEmpty && $0.contains("Search or scan: bag▏") && $0.contains("Bagel") }
        #expect(app.router.sell.interactor.response.query == "bag")
        #expect(!found.contains("bagbag"))
        // And no frame showed the keys both held and delivered
        #expect(!frames().contains { $0.text.contains("bagbag") || (!$0.heldKeys.isEmpty && !$0.query.isEmpty) })
        screen.close()
        await running.value
    }

    @Test func scannersBurst_neverShowsAsTyped_andBecomesOneScan() async throws {
        // Given the demo counter
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let release = ManualClock()
        let (app, screen, running, frames) = try await openDemoCounter(directory, release)
        _ = await screen.frame { $0.contains("Search or scan") && $0.contains("Demo Store") }

        // When a scanner types an espresso's code and Enter in one burst
        screen.scan("4006381333931")

        // Then the espresso is in the cart, and no frame showed any of the code in the search
        _ = await screen.frame { $0.contains("Espresso") && $0.contains("TOTAL") && !$0.contains("TOTAL 0,00 €") }
        #expect(frames().allSatisfy { $0.heldKeys.isEmpty && !$0.text.contains("Search or scan: 4") && $0.query.isEmpty })
        #expect(app.router.sell.interactor.response.lines.map(\.quantity) == [1])
        // And nothing is left held to release later
        #expect(release.sleeperCount == 0)
        screen.close()
        await running.value
    }

    @Test func heldPinDigits_showAsStars_neverAsDigits() async throws {
        // Given the counter locked for a cashier (Ann, PIN 2468) who chose herself
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let release = ManualClock()
        let (app, screen, running, frames) = try await openDemoCounter(directory, release, cashiers: true)
        _ = await screen.frame { $0.contains("Sign in: press your number") }
        screen.type([.character("1")])
        // (the choice is a held key too: nothing happens until it is released)
        await release.waitForSleepers(count: 1)
        #expect(app.gate.stage == .choose)
        release.advance(by: .seconds(60))
        _ = await screen.frame { $0.contains("PIN for Ann") }

        // When she types two digits of her PIN, still held
        let before = screen.frameCount
        screen.type([.character("2"), .character("4")])

        // Then the PIN line shows two stars at once, the gate has no digit yet, and no frame shows a digit typed
        let held = await screen.frame { screen.frameCount > before && $0.contains("PIN: **") }
        #expect(app.gate.typedCount == 0)
        #expect(held.heldKeys.isEmpty)
        await release.waitForSleepers(count: 1)
        release.advance(by: .seconds(60))
        _ = await screen.frame { _ in app.gate.typedCount == 2 }
        screen.type([.character("6"), .character("8")])
        _ = await screen.frame { $0.contains("PIN: ****") }
        await release.waitForSleepers(count: 1)
        release.advance(by: .seconds(60))
        _ = await screen.frame { _ in app.gate.typedCount == 4 }
        screen.type([.enter])
        _ = await screen.frame { $0.contains("Search or scan") && !$0.contains("PIN for Ann") }
        #expect(app.gate.stage == .open)
        let pinLines = frames().flatMap { $0.text.split(separator: "\n") }.filter { $0.contains("PIN:") }
        #expect(!pinLines.isEmpty)
        #expect(pinLines.allSatisfy { !$0.contains(where: { $0 == "2" || $0 == "4" || $0 == "6" || $0 == "8" }) })
        #expect(frames().allSatisfy { $0.heldKeys.isEmpty || !$0.text.contains("PIN") })
        screen.close()
        await running.value
    }

    @Test func keyOnAScreenWithoutATextField_doesNothingUntilReleased() async throws {
        // Given the counter's menu (F7): a list with no text field, whose digits open its entries (the kind of key
        // that must never act before the detector knows it is no scan)
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let release = ManualClock()
        let (app, screen, running, _) = try await openDemoCounter(directory, release)
        _ = await screen.frame { $0.contains("Search or scan") && $0.contains("Demo Store") }
        screen.type([.function(7)])
        _ = await screen.frame { _ in app.router.current.name == "menu" }

        // When the cashier presses 1 (Sync)
        let before = screen.frameCount
        screen.type([.character("1")])

        // Then it is held: the menu stays, no entry opens, and no field shows the key
        let held = await screen.frame { _ in screen.frameCount > before }
        #expect(held.heldKeys == "1")
        #expect(app.router.current.name == "menu")
        #expect(!held.contains("▏") && !held.contains("1_"))

        // And once released, it opens its entry
        await release.waitForSleepers(count: 1)
        release.advance(by: .seconds(60))
        _ = await screen.frame { _ in app.router.current.name == "sync" }
        #expect(app.router.current.name == "sync")
        screen.close()
        await running.value
    }
}

/// When the counter paints (``CounterApp/setNeedsDisplay()``): the cashier's input at once, the background at most
/// once a frame. The background's wait runs on a manual clock, so "not yet" is exact and nothing sleeps.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CounterAppPaintPolicyTests {
    @Test func inputPaintsAtOnce_evenWhileABackgroundPaintWaitsForItsFrame() async throws {
        // Given the demo counter, quiet on the sell screen
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 100))
        let frameClock = ManualClock()
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen, frameClock: frameClock)
        let running = Task { await app.run() }
        // (the start's background paints wait for the frame clock, which moves only here: a frame at a time until the
        // status line has loaded)
        let pump = Task { @MainActor in
            while !Task.isCancelled {
                await frameClock.waitForSleepers(count: 1)
                if Task.isCancelled { break }
                frameClock.advance(by: CounterApp.frameInterval)
            }
        }
        _ = await screen.frame { $0.contains("Search or scan") && $0.contains("Demo Store") }
        pump.cancel()
        await pump.value

        // When a background change asks for a paint right after a frame (so it must wait for the next one)
        final class Once { var done = false }
        let once = Once()
        screen.onDraw = { _ in
            guard !once.done else { return }
            once.done = true
            // (this frame was painted for an input: what runs here would count as input without saying otherwise)
            PaintCause.$current.withValue(.background) { app.setNeedsDisplay() }
        }
        let first = screen.frameCount
        PaintCause.$current.withValue(.input) { app.setNeedsDisplay() }
        _ = await screen.frame { _ in screen.frameCount > first }
        await frameClock.waitForSleepers(count: 1)

        // Then an input change meanwhile paints without the frame clock moving, three asks in one turn as one paint
        let waiting = screen.frameCount
        PaintCause.$current.withValue(.input) {
            app.setNeedsDisplay()
            app.setNeedsDisplay()
            app.setNeedsDisplay()
        }
        _ = await screen.frame { _ in screen.frameCount > waiting }
        #expect(frameClock.sleeperCount == 1)

        // And a background change now joins the paint that waits for its frame: it paints when the frame is due
        let painted = screen.frameCount
        app.setNeedsDisplay()
        #expect(screen.frameCount == painted)
        frameClock.advance(by: CounterApp.frameInterval)
        _ = await screen.frame { _ in screen.frameCount > painted }
        screen.close()
        await running.value
    }
}
