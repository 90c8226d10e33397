import Foundation
import Testing

/// Runs ``ScriptedDay`` at the counter in tmux (80×24) on a data directory, key by key as a cashier would: a scan
/// is the barcode and Enter in one burst; ^D, F4 and F5 open the line discount, discount and coupon prompts; F12
/// pays cash (typed amount, Enter), F11 by card; F10 parks (with a cart) or lists the parked carts (without),
/// where Enter resumes and F3 voids; F9 lists the orders, where F7 refunds. Every key waits for the frame that
/// shows its effect (the frame log), never for a time.
final class CounterFront {
    let data: TemporaryDirectory
    private let frames: FrameWatcher
    private let tmux = TmuxSession()
    /// Items in the cart on screen.
    private var items = 0
    /// Orders completed so far (the last one's number).
    private var orders = 0
    /// The parked carts' names and item counts.
    private var parked: [(name: String, items: Int)] = []

    init(data: TemporaryDirectory) throws {
        self.data = data
        frames = try FrameWatcher(directory: data.url)
    }

    deinit { tmux.kill() }

    func run(_ steps: [ScriptedDay.Step]) async throws {
        let command = "env POS_COUNTER_FRAME_LOG=\(frames.path) CUPS_SERVER=\(data.path)/no-cups.sock "
            + "POS_SIM_SCRIPT=\(ScriptedDay.terminalScript) \(PosProcess.executable.path) --data-dir \(data.path)"
        try await tmux.start(command, columns: 80, rows: 24)
        try await frame("screen=sell", "status=demo", during: "the start")
        for step in steps { try await perform(step) }
        // Ctrl-Q with no cart quits at once; the frame log closes when the counter has exited.
        try await tmux.press("C-q")
        let timedOut = OneShot<Void>()
        let watchdog = stopCounter(tmux, after: Self.frameDeadline, timedOut)
        defer { watchdog.cancel() }
        let late = await frames.frame(containing: "never")
        guard late == nil, !timedOut.isFulfilled else {
            throw ScriptedDayFailure(description: "counter: still running after Ctrl-Q: "
                                     + (frames.lastFrame ?? "no frame"))
        }
    }

    private func perform(_ step: ScriptedDay.Step) async throws {
        switch step {
        case .signIn(let cashier):
            // The counter starts locked, asking who signs in: the cashier's number, then the PIN.
            if frames.lastFrame?.contains("gate=choose") != true { try await frame("gate=choose", during: step) }
            try await tmux.press("\(cashier.number)")
            try await frame("gate=pin", during: step)
            try await pin(cashier.pin, step)
            try await frame("screen=sell", "gate=open", "cashier=\(cashier.name)", during: step)
        case .sale(let input, let end):
            for (index, entry) in input.enumerated() {
                // A prompt whose edit needs a manager: the gate asks for the PIN before the edit is saved.
                let approved = input.indices.contains(index + 1) && input[index + 1] == .managerApproves
                try await enter(entry, approved: approved, step)
            }
            try await finish(end, step)
        case .resume(let name):
            try await openParked(name, step)
            let index = parked.firstIndex { $0.name == name }!
            try await tmux.press("Enter")
            items = parked.remove(at: index).items
            try await frame("screen=sell", "items=\(items) ", "saved=yes", "results=0 ", during: step)
            try await finish(.cash(nil), step)
        case .void(let name):
            try await openParked(name, step)
            try await tmux.press("F3")
            parked.removeAll { $0.name == name }
            try await frame("screen=sell", "results=\(parked.count) ", during: step)
            if !parked.isEmpty {
                try await tmux.press("Escape")
                try await frame("screen=sell", "results=0 ", during: step)
            }
        case .refund(let order, let amount):
            try await tmux.press("F9")
            try await frame("screen=orders", "orders=\(orders) ", during: step)
            // Newest first: order N is row (orders - N).
            for _ in 0..<(orders - order) { try await tmux.press("Down") }
            try await tmux.press("F7")
            try await frame("screen=orders", "refundPrompt=amount", during: step)
            try await tmux.type(amount)
            // (the digits must arrive before Enter: in one burst they would be a scan)
            try await frame("screen=orders", "refundTyped=\(amount.count)", during: step)
            try await tmux.press("Enter")
            try await frame("screen=orders", "refundPrompt=question", during: step)
            let question = try await tmux.capture(containing: "for order \(order)?")
            guard question.contains("for order \(order)?") else {
                throw ScriptedDayFailure(description: "counter, \(step): the refund asked about another order:\n"
                                         + question)
            }
            try await tmux.press("Enter")
            try await approve(step)
            let done = try await frame("screen=orders", "refundPrompt=none", "refunding=false", "message=info",
                                       stoppingAt: "message=error", during: step)
            guard done.contains("message=info") else {
                throw ScriptedDayFailure(description: "counter, \(step): refused:\n\(try await tmux.capture())")
            }
            try await tmux.press("Escape")
            try await frame("screen=sell", "items=0 ", during: step)
        }
    }

    /// One thing the cashier does while ringing up a sale; `approved`: the manager approves it.
    private func enter(_ entry: ScriptedDay.Input, approved: Bool, _ step: ScriptedDay.Step) async throws {
        switch entry {
        case .scan(let code):
            try await tmux.type(code + "\r")
            items += 1
            try await frame("screen=sell", "items=\(items) ", "saved=yes", during: step)
        case .lineDiscount(let text): try await prompt("C-d", text, approved: approved, step)
        case .cartDiscount(let text): try await prompt("F4", text, approved: approved, step)
        case .coupon(let text): try await prompt("F5", text, approved: approved, step)
        case .customer(let text):
            // F6 searches as the cashier types; Enter attaches the match (or the one customer the text names).
            try await tmux.press("F6")
            try await frame("screen=sell", "prompt=true", during: step)
            try await tmux.type(text)
            try await frame("screen=sell", "prompt=true", "typed=\(text.count)", during: step)
            try await tmux.press("Enter")
            let attached = try await frame("screen=sell", "prompt=false", "saved=yes", "customer=",
                                           stoppingAt: "message=error", during: step)
            guard !attached.contains("message=error") else {
                let screen = try await tmux.capture()
                throw ScriptedDayFailure(description: "counter, \(step): no customer \(text):\n\(screen)")
            }
        case .managerApproves: break  // answered with the prompt it follows
        }
    }

    /// Opens a sell-screen prompt with `key`, types `text` and Enter (the manager approves it when `approved`); the
    /// edit is saved, with no error.
    private func prompt(_ key: String, _ text: String, approved: Bool, _ step: ScriptedDay.Step) async throws {
        try await tmux.press(key)
        try await frame("screen=sell", "prompt=true", during: step)
        try await tmux.type(text)
        try await frame("screen=sell", "prompt=true", "typed=\(text.count)", during: step)
        try await tmux.press("Enter")
        if approved { try await approve(step) }
        // (after an approval, the frame that shows the edit saved also shows the gate open again)
        let shown = ["screen=sell", "prompt=false", "saved=yes"] + (approved ? ["gate=open"] : [])
        let saved = try await frame(parts: shown, stoppingAt: "message=error", during: step)
        guard !saved.contains("message=error") else {
            throw ScriptedDayFailure(description: "counter, \(step): \(text) was refused:\n\(try await tmux.capture())")
        }
    }

    /// The gate asks for a manager: the ``ScriptedDay/manager`` chooses themself and types their PIN.
    private func approve(_ step: ScriptedDay.Step) async throws {
        let manager = ScriptedDay.manager
        let asked = try await frame("gate=manager", stoppingAt: "message=error", during: step)
        guard asked.contains("gate=manager") else {
            let screen = try await tmux.capture()
            throw ScriptedDayFailure(description: "counter, \(step): refused before any approval:\n\(screen)")
        }
        try await tmux.press("\(manager.number)")
        try await frame("gate=managerPin", during: step)
        try await pin(manager.pin, step)
    }

    /// Types a PIN and Enter (the digits first, on screen: in one burst with Enter they would be a scan).
    private func pin(_ pin: String, _ step: ScriptedDay.Step) async throws {
        try await tmux.type(pin)
        try await frame("pinTyped=\(pin.count)", during: step)
        try await tmux.press("Enter")
    }

    /// Pays or parks the cart on screen.
    private func finish(_ end: ScriptedDay.End, _ step: ScriptedDay.Step) async throws {
        switch end {
        case .cash(let tendered):
            try await tmux.press("F12")
            try await frame("screen=pay", during: step)
            if let tendered {
                try await tmux.type(tendered)
                try await frame("screen=pay", "tendered=\(tendered) ", during: step)
            }
            try await tmux.press("Enter")
        case .shortCash(let short, let enough):
            try await tmux.press("F12")
            try await frame("screen=pay", during: step)
            try await tmux.type(short)
            try await frame("screen=pay", "tendered=\(short) ", during: step)
            try await tmux.press("Enter")
            try await frame("screen=pay", "refused=yes", during: step)
            // The pay screen stays, with the reason: the cashier clears the amount and types what was handed over.
            for _ in short { try await tmux.press("BSpace") }
            try await tmux.type(enough)
            try await frame("screen=pay", "tendered=\(enough) ", during: step)
            try await tmux.press("Enter")
        case .cardDeclinedThenCash:
            try await tmux.press("F11")
            try await frame("screen=paycard", "phase=declined", during: step)
            try await tmux.press("F12")
            try await frame("screen=pay", during: step)
            try await tmux.press("Enter")
        case .split(let cash):
            try await tmux.press("F12")
            try await frame("screen=pay", during: step)
            try await tmux.type(cash)
            try await frame("screen=pay", "tendered=\(cash) ", during: step)
            // F11: the typed cash is the split's cash part, the rest goes by card (the card screen starts at once).
            try await tmux.press("F11")
        case .park(let name):
            try await tmux.press("F10")
            try await frame("screen=sell", "prompt=true", during: step)
            try await tmux.type(name)
            try await frame("screen=sell", "prompt=true", "typed=\(name.count)", during: step)
            try await tmux.press("Enter")
            try await frame("screen=sell", "items=0 ", "prompt=false", during: step)
            parked.insert((name, items), at: 0)
            items = 0
            return
        }
        orders += 1
        try await frame("screen=receipt", "order=\(orders) ", during: step)
        // Enter: the next sale.
        try await tmux.press("Enter")
        try await frame("screen=sell", "items=0 ", during: step)
        items = 0
    }

    /// F10 on an empty cart: the parked carts (newest first), with `name` selected.
    private func openParked(_ name: String, _ step: ScriptedDay.Step) async throws {
        try await tmux.press("F10")
        try await frame("screen=sell", "results=\(parked.count) ", during: step)
        let screen = try await tmux.capture(containing: "Parked \(name)")
        let rows = screen.split(separator: "\n").filter { $0.contains("Parked ") }
        guard let row = rows.firstIndex(where: { $0.contains("Parked \(name) ") }) else {
            throw ScriptedDayFailure(description: "counter, \(step): \(name) is not among the parked carts:\n\(screen)")
        }
        for _ in 0..<row { try await tmux.press("Down") }
    }

    /// Waits for the next frame showing every one of `parts` (or `stoppingAt`); fails when the counter exits first.
    @discardableResult
    private func frame(_ parts: String..., stoppingAt stop: String? = nil, during step: any CustomStringConvertible)
        async throws -> String {
        try await frame(parts: parts, stoppingAt: stop, during: step)
    }

    /// The longest wait for one frame before the counter is stopped and the day fails (generous: a card payment on
    /// a loaded machine takes seconds; a wait that fails ends at once, because the counter exiting ends the log).
    private static let frameDeadline: Duration = .seconds(90)

    @discardableResult
    private func frame(parts: [String], stoppingAt stop: String? = nil, during step: any CustomStringConvertible)
        async throws -> String {
        let timedOut = OneShot<Void>()
        let watchdog = stopCounter(tmux, after: Self.frameDeadline, timedOut)
        defer { watchdog.cancel() }
        let found = await frames.frame(containing: parts, stopsAt: { line in stop.map { line.contains($0) } ?? false },
                                       seen: { _ in })
        guard let found else {
            throw ScriptedDayFailure(description: "counter, \(step): "
                + (timedOut.isFulfilled ? "no frame in \(Self.frameDeadline) showed \(parts)"
                                        : "the counter ended while waiting for \(parts)")
                + "; last frame: \(frames.lastFrame ?? "none")")
        }
        return found
    }
}

/// Stops the counter of `tmux` after `deadline` unless cancelled first, and says so in `timedOut`: the counter
/// exits, its frame log closes, and a wait for a frame ends.
private func stopCounter(_ tmux: TmuxSession, after deadline: Duration, _ timedOut: OneShot<Void>)
    -> Task<Void, any Error> {
    Task {
        try await Task.sleep(for: deadline)
        timedOut.fulfil(())
        tmux.kill()
    }
}
