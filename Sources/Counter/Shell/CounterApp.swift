import Localization
import Yosemite

/// The counter's shell: a main-actor run loop that takes keys from a ``TerminalScreen``, tells scans from typing
/// (``ScanDetector``), hands both to the current screen, and repaints — only when something changed — with the
/// status line on top and the function keys at the bottom.
///
/// Keys the detector holds back (they may still be a scan) are shown, not delivered: the focused text field draws
/// them after its text as if typed (``ScanDetector/echo``, ``TextCanvas/heldKeys``) until they are released as keys or
/// become a scan. When to paint: see ``setNeedsDisplay()``.
///
/// ```swift
/// let app = CounterApp(stores: manager, settings: settings, screen: try CursesScreen())
/// await app.run()   // returns when the cashier quits (Ctrl-Q)
/// ```
@MainActor
public final class CounterApp {
    /// The shortest time between two paints caused by the background (one frame); the cashier's input does not wait.
    public static let frameInterval: Duration = .milliseconds(16)

    public let screen: any TerminalScreen
    /// The screens.
    public private(set) var router: CounterRouter!
    private var context: CounterContext!
    private var status: StatusBarModel = .loading
    private var detector: ScanDetector
    private let frameLog: FrameLog?
    private var frameNumber = 0
    /// A paint is asked for and not done yet.
    private var needsDisplay = false
    /// An input paint (the next main-actor turn) and a background paint (a frame after the last paint) are scheduled.
    private var inputPaintScheduled = false
    private var backgroundPaintScheduled = false
    /// The time since the last paint, on ``frameClock`` (the clock background paints wait on, so a test that holds it
    /// still decides when they come); `nil` before the first paint.
    private var sinceLastPaint: (() -> Duration)?
    private var flushTask: Task<Void, Never>?
    /// How many events the run loop has taken from the screen's stream.
    private var keysTaken = 0
    private var quitRequested = false
    private let clock = ContinuousClock()
    /// The session's last event, and the task following them (the status line is drawn from them).
    private var session: SessionEvent?
    private var sessionFollower: Task<Void, Never>?
    /// The print system's default printer as last asked, and when.
    private var defaultPrinter: (label: String, at: ContinuousClock.Instant)?
    /// Cashiers: sign-in, switch (^L), the idle lock and manager approvals.
    public private(set) var gate: CashierGate!
    /// Locks the counter after the idle time (restarted by every key).
    private var idleTask: Task<Void, Never>?
    private var idleLimit: Duration?
    /// The clock the idle lock counts on (a manual one in unit tests).
    private let idleClock: any Clock<Duration>
    /// The clock the release of held keys waits on (a manual one in unit tests, which release them by advancing it).
    private let releaseClock: any Clock<Duration>
    /// The clock a background paint waits on for the rest of its frame (a manual one in the paint policy's test).
    private let frameClock: any Clock<Duration>
    /// Sets the register id (from `pos`, which enrols it at the TSE).
    private let registerSetting: (any RegisterSetting)?

    /// Creates the shell on the sell screen. The status line follows the session's events
    /// (``StoresManager/sessionEvents()``); in a real store that also starts Yosemite's background sync.
    public init(stores: StoresManager, settings: StoreSettings, screen: any TerminalScreen,
                scanSettings: ScanDetector.Settings = .init(), frameLog: FrameLog? = nil,
                idleClock: any Clock<Duration> = ContinuousClock(), releaseClock: any Clock<Duration> = ContinuousClock(),
                frameClock: any Clock<Duration> = ContinuousClock(), registerSetting: (any RegisterSetting)? = nil) {
        self.screen = screen
        self.registerSetting = registerSetting
        self.idleClock = idleClock
        self.releaseClock = releaseClock
        self.frameClock = frameClock
        self.frameLog = frameLog
        detector = ScanDetector(settings: scanSettings)
        makeScreens(stores: stores, settings: settings, scanSettings: scanSettings)
    }

    /// Builds the context and the router (again after a login moved the session to another store).
    private func makeScreens(stores: StoresManager, settings: StoreSettings, scanSettings: ScanDetector.Settings) {
        let context = CounterContext(
            stores: stores, settings: settings, scanSettings: scanSettings,
            setNeedsDisplay: { [weak self] in self?.setNeedsDisplay() },
            refreshStatus: { [weak self] in self?.refreshStatus() })
        context.sessionChanged = { [weak self] settings in
            guard let self else { return }
            self.makeScreens(stores: stores, settings: settings, scanSettings: scanSettings)
            // The new session's gate locks like a start when its store has cashiers.
            let gate = self.gate
            Task { await gate?.start() }
            self.router.show(.sell)
            self.followSession()
            self.refreshStatus()
        }
        let gate = CashierGate(stores: stores) { [weak self] in self?.setNeedsDisplay() }
        gate.opened = { [weak self] in self?.restartIdleTimer() }
        context.requestApproval = { [weak gate] kind in await gate?.requestApproval(kind) }
        context.registerSetting = registerSetting
        self.gate = gate
        self.context = context
        router = CounterRouter(context: context)
    }

    /// Paints the first frame, then handles keys until the cashier quits or the input ends.
    public func run() async {
        router.current.start()
        // The gate knows whether cashiers are set up before the first frame: with any, that frame is already the lock
        // and never the screen below it (keys typed meanwhile wait in the screen's stream).
        await gate.start()
        // The first run of a real store (not the demo) with no cashiers walks through the set-up,
        // until it was done or left once.
        if !context.stores.isDemo, !gate.policyOn,
           (try? await context.stores.dispatch { AppSettingsAction.loadAppSettings(reply: $0) })?.firstRunDone != true {
            router.show(.setup)
        }
        paint()
        refreshStatus()
        followSession()
        loadIdleLimit()
        defer { sessionFollower?.cancel(); flushTask?.cancel(); idleTask?.cancel() }
        for await timed in screen.keys {
            keysTaken += 1
            restartIdleTimer()
            // What this key causes, now or in the tasks it starts (a search, a scanned line's lookup), is input.
            let outcome = PaintCause.$current.withValue(.input) { take(timed) }
            if outcome == .quit { return }
            if quitRequested { break }
        }
    }

    /// Handles one key or resize from the screen's stream.
    private func take(_ timed: TimedKey) -> ShellKeyOutcome {
        if case .resize = timed.key {
            setNeedsDisplay()
            return .handled
        }
        let outcome = shellKey(timed.key)
        switch outcome {
        case .quit: return .quit
        case .handled: setNeedsDisplay(); return .handled
        case .forScreen: break
        }
        let echo = detector.echo
        deliver(detector.feed(timed))
        // The echo paints once the keys that came together are taken: a scanner's burst never flashes as typed.
        if detector.echo != echo, !keysQueued { setNeedsDisplay() }
        scheduleFlush()
        return outcome
    }

    /// What the shell shows over the screen (F1 help, the question before quitting), if anything.
    public private(set) var overlay: ShellOverlay?

    private enum ShellKeyOutcome { case quit, handled, forScreen }

    /// The shell's own keys: F1 (help), Ctrl-Q (quit, asking first when the cart holds items), and every key while
    /// an overlay is open or the window is too small to use. While the gate shows, only Ctrl-Q with an empty cart is
    /// the shell's: every other key goes through the scan detector to the gate (``deliver(_:)``), so a scanner's
    /// burst reaches it as a scan, never as PIN digits.
    private func shellKey(_ key: KeyEvent) -> ShellKeyOutcome {
        if gate.isShowing {
            // The gate comes before any overlay (help left open when the idle time ran out closes).
            overlay = nil
            if key == .control("q") && cartItems == 0 { return .quit }
            return .forScreen
        }
        if key == .control("l"), gate.policyOn, overlay == nil {
            gate.switchCashier()
            return .handled
        }
        if let overlay {
            switch overlay {
            case .help: self.overlay = nil
            case .confirmQuit:
                if key == .enter || key == .control("q") { return .quit }
                if key == .escape { self.overlay = nil }
            case .cashier, .message: self.overlay = nil
            }
            return .handled
        }
        let items = cartItems
        if key == .control("q") {
            if items == 0 { return .quit }
            overlay = .confirmQuit(items: items)
            return .handled
        }
        if ShellOverlay.isTooSmall(screen.size) { return .handled }
        if key == .function(1) {
            overlay = .help
            return .handled
        }
        if key == .control("e"), let message = router.current.message {
            overlay = .message(message)
            return .handled
        }
        return .forScreen
    }

    /// How many items the sell screen's cart holds.
    private var cartItems: Int {
        router.sell.interactor.response.lines.reduce(0) { $0 + $1.quantity }
    }

    /// Reads the idle time from the app settings (at start, and when any process rewrote them) and restarts the
    /// countdown with it.
    private func loadIdleLimit() {
        Self.background { [weak self] in
            let settings = try? await self?.context.stores.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
            let seconds = settings?.idleLockSeconds ?? 300
            self?.idleLimit = seconds > 0 ? .seconds(seconds) : nil
            self?.restartIdleTimer()
        }
    }

    /// Restarts the idle countdown; when it runs out with cashiers set up, the gate locks the counter.
    private func restartIdleTimer() {
        idleTask?.cancel()
        guard let idleLimit, gate.policyOn else { return }
        let clock = idleClock
        idleTask = Task { [weak self] in
            try? await clock.sleep(for: idleLimit)
            guard !Task.isCancelled, let self else { return }
            // A timer ran out, not a key (the task was started by one): the lock paints as background.
            PaintCause.$current.withValue(.background) {
                self.gate.idleLock()
                if self.gate.isShowing { self.overlay = nil }
            }
        }
    }

    /// Whether keys arrived that the run loop has not taken yet.
    private var keysQueued: Bool { screen.keysReceived > keysTaken }

    /// Asks to leave the run loop after the current key.
    public func quit() {
        quitRequested = true
    }

    // MARK: - Keys

    /// Hands the detector's output to the gate while it shows (asked per key: a PIN that opens it sends the keys
    /// after it to the screen), else to the current screen.
    private func deliver(_ outputs: [ScanDetector.Output]) {
        for output in outputs {
            if gate.isShowing {
                switch output {
                case .key(let key): gate.handle(key)
                case .scan(let code): gate.handleScan(code)
                }
                continue
            }
            switch output {
            case .key(let key): router.current.handle(key)
            case .scan(let code): router.current.handleScan(code)
            }
        }
    }

    /// Releases keys held as a possible scan once the burst is over. When the run loop lags behind the input,
    /// keys that arrived in time may still be queued: then nothing is released (the next key reschedules).
    private func scheduleFlush() {
        flushTask?.cancel()
        guard let deadline = detector.deadline else { return }
        let wait = deadline - screen.now()
        let clock = releaseClock
        flushTask = Task { [weak self] in
            if wait > .zero { try? await clock.sleep(for: wait) }
            guard !Task.isCancelled, let self else { return }
            if self.screen.keysReceived > self.keysTaken { return }
            let echo = self.detector.echo
            self.deliver(self.detector.flush(at: max(self.screen.now(), deadline)))
            // The released keys are the screen's now: the echo goes (also when the screen did nothing with them).
            if self.detector.echo != echo { self.setNeedsDisplay() }
        }
    }

    // MARK: - Painting

    /// Schedules a repaint. The rule: what the cashier did paints at once, the background at most once a frame.
    ///
    /// - A repaint asked for while the shell handles a key or a scan, or by a task that work started (a search, a
    ///   scanned line's lookup, the release of held keys: ``PaintCause/current`` is `.input` there, as task-locals
    ///   pass into the tasks a task starts), paints at the next main-actor turn, whenever the last paint was.
    /// - Any other repaint (session events, sync progress, the status line, timers) paints ``frameInterval`` after
    ///   the last paint, or at the next turn when that is longer ago.
    ///
    /// Either way several changes within one main-actor turn paint once, and a paint shows everything changed so far:
    /// a background paint that comes due after an input paint has nothing left to show and is skipped. The two are
    /// scheduled apart, so background events, however many, never hold back an input paint (they only share the
    /// main actor's queue with it).
    public func setNeedsDisplay() {
        needsDisplay = true
        switch PaintCause.current {
        case .input:
            guard !inputPaintScheduled else { return }
            inputPaintScheduled = true
            Task { [weak self] in
                guard let self else { return }
                self.inputPaintScheduled = false
                self.paintIfNeeded()
            }
        case .background:
            guard !backgroundPaintScheduled else { return }
            backgroundPaintScheduled = true
            let wait = sinceLastPaint.map { Self.frameInterval - $0() } ?? .zero
            let frameClock = frameClock
            Task { [weak self] in
                if wait > .zero { try? await frameClock.sleep(for: wait) } else { await Task.yield() }
                guard let self else { return }
                self.backgroundPaintScheduled = false
                self.paintIfNeeded()
            }
        }
    }

    /// The time since now on `clock`, whatever its instant type.
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    private func paintIfNeeded() {
        guard needsDisplay else { return }
        paint()
    }

    private func paint() {
        needsDisplay = false
        let size = screen.size
        var canvas = TextCanvas(size: size)
        // Held keys show in the screen's focused field, not while keys that came with them still wait in the stream
        // (a scanner's burst, taken key by key), nor under an overlay. The gate shows a held PIN digit as a star,
        // never the digit, and the screen below it nothing.
        let held = keysQueued ? "" : detector.echo
        if !gate.isShowing, overlay == nil { canvas.heldKeys = held }
        gate.heldDigits = gate.isShowing ? held.filter { $0.isASCII && $0.isNumber }.count : 0
        let module = router.current
        var screenName = module.name
        var summary = module.frameSummary
        if ShellOverlay.isTooSmall(size) {
            ShellOverlay.drawTooSmall(size: size, in: &canvas)
            screenName = "too-small"
            summary = "size=\(size)"
            if case .confirmQuit(let items) = overlay {
                overlay?.draw(screenTitle: module.title, keys: [], in: &canvas,
                              area: CanvasRect(row: 0, column: 0, height: size.rows, width: size.columns))
                summary += " overlay=quit items=\(items)"
            }
        } else {
            var status = status
            // What the status line shows: nothing yet (it loads after the first frame), the demo, or a store.
            summary += status == .loading ? " status=loading" : status.isDemo ? " status=demo" : " status=store"
            status.reader = context.readerActivity.label(address: status.reader, connected: status.readerConnected,
                                                         busy: status.readerBusy)
            if status != .loading {
                summary += " plugged=" + (status.plugged.isEmpty ? "none" : status.plugged.joined(separator: ","))
                summary += status.tseDown ? " tse=down" : " tse=up"
            }
            if status.training { summary += " training=yes" }
            if gate.policyOn {
                status.cashier = gate.signedIn?.name ?? L10n.tr("status.cashier.signedOut")
                summary += " gate=\(gate.stageName) cashier=\(gate.signedIn?.name ?? "-")"
                if let message = gate.message { summary += " gateMessage=" + String(message.prefix(40).map { $0 == " " ? "_" : $0 }) }
            }
            StatusBarView.draw(status, title: module.title, in: &canvas, row: 0)
            let area = CanvasRect(row: 1, column: 0, height: size.rows - 2, width: size.columns)
            // A locked till shows nothing but the PIN prompt: neither the screen below nor its keys, which do not
            // work there. The key line names the gate's keys instead.
            if !gate.isLocking { module.draw(in: &canvas, area: area) }
            let keys = gate.isShowing ? gate.keyHints(canQuit: cartItems == 0)
                : module.keyHints + ShellOverlay.shellKeys.reversed()
            StatusBarView.drawKeys(keys, in: &canvas, row: size.rows - 1)
            if gate.isShowing {
                ShellOverlay.cashier(lines: gate.lines)
                    .draw(screenTitle: module.title, keys: [], in: &canvas, area: area)
                summary += " overlay=cashier"
                if gate.typedCount > 0 { summary += " pinTyped=\(gate.typedCount)" }
            } else if let overlay {
                // ^L is the shell's once cashiers are set up: F1 lists it beside the screen's keys.
                let keys = module.keyHints + (gate.policyOn ? [KeyHint("^L", L10n.tr("keys.switchCashier"))] : [])
                    + (module.message != nil ? [KeyHint(TextCanvas.wholeMessageKey, L10n.tr("keys.wholeMessage"))] : [])
                overlay.draw(screenTitle: module.title, keys: keys, in: &canvas, area: area)
                switch overlay {
                case .help: summary += " overlay=help"
                case .confirmQuit(let items): summary += " overlay=quit items=\(items)"
                case .cashier: summary += " overlay=cashier"
                case .message: summary += " overlay=message"
                }
            }
        }
        // Before the screen takes it: a repaint asked for while it does waits a whole frame.
        sinceLastPaint = Self.stopwatch(frameClock)
        frameNumber += 1
        screen.draw(canvas)
        frameLog?.painted(frame: frameNumber, screen: screenName, summary: summary)
    }

    // MARK: - Status

    /// Starts a task whose repaints are the background's, also when a key started it (a login follows the new
    /// session; a sale reloads the status line).
    @discardableResult
    private static func background(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        PaintCause.$current.withValue(.background) { Task { await work() } }
    }

    /// Follows the session's events (again after a login changed the session): each one updates the status line.
    private func followSession() {
        sessionFollower?.cancel()
        session = nil
        let events = context.stores.sessionEvents()
        sessionFollower = Self.background { [weak self] in
            for await event in events {
                guard let self else { return }
                let previous = self.session
                self.session = event
                // Cashiers and settings changed by this process or another (`pos cashier add` while the counter
                // runs) take effect at once.
                if let previous, previous.cashierRosterVersion != event.cashierRosterVersion {
                    await self.gate.rosterChanged()
                }
                if let previous, previous.settingsRevision != event.settingsRevision {
                    self.refreshStatus()
                    self.loadIdleLimit()
                }
                guard self.status != .loading else { continue }
                var status = self.status
                status.apply(event)
                if status != self.status {
                    self.status = status
                    self.setNeedsDisplay()
                }
            }
        }
    }

    /// Reloads what the session's events do not carry (the store's name, the app settings: reader, printer,
    /// cashier), at start and when a screen changed them; the session's last event is applied on top.
    private func refreshStatus() {
        // The print system is asked for its default printer at most once a minute.
        let now = clock.now
        let known = defaultPrinter.flatMap { now - $0.at < .seconds(60) ? $0.label : nil }
        let loader = StatusBarLoader(stores: context.stores, knownDefaultPrinter: known)
        Self.background { [weak self] in
            guard let loaded = await loader.load(), let self else { return }
            var model = loaded.0
            let asked = loaded.askedDefaultPrinter
            if let asked { self.defaultPrinter = (asked, now) }
            if let session = self.session { model.apply(session) }
            if model != self.status {
                self.status = model
                self.setNeedsDisplay()
            }
        }
    }
}

/// Why the counter repaints, for ``CounterApp/setNeedsDisplay()``: the cashier's input paints at once, the
/// background at most once a frame.
public enum PaintCause: Sendable {
    /// A key or a scan, or work it started.
    case input
    /// Anything else: session events, sync progress, the status line, timers.
    case background

    /// The cause of what runs now: `.input` while the shell handles a key or a scan and in the tasks started from
    /// there (task-locals pass into them); `.background` elsewhere.
    @TaskLocal public static var current: PaintCause = .background
}
