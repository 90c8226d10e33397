import Hardware
import HardwareTestSupport

/// The wire between the driver and the simulated terminal, with one fault armed: it passes every message
/// through until the armed step, lets that message through, and then misbehaves as the fault says.
///
/// After the step it also waits for the counter's next message (its acknowledgement of the step, or the step
/// itself when the counter sent it) and then reports ``settled``: the driver has handled the step, so a test can
/// start moving the clock (timeout) or tear the driver down (pos killed) without racing the step itself.
actor FaultRelay {
    enum Direction: Sendable { case toTerminal, toCounter }

    private let counterSide: PipeTransport
    private let terminalSide: PipeTransport
    private var toTerminal: LineSplitter
    private var toCounter: LineSplitter
    private var armed: (direction: Direction, label: String, fault: FaultMatrixCell.Fault)?
    private var triggered = false
    private var frozen = false
    private var rejecting = false
    private var awaitingCounter = false
    private var closed = false
    private var pumps: [Task<Void, Never>] = []
    private let settledSignal: AsyncStream<Void>.Continuation
    /// Yields once when the armed step went through and the driver handled it.
    nonisolated let settled: AsyncStream<Void>

    /// - Parameters:
    ///   - counterSide: The relay's end of the driver's pipe.
    ///   - terminalSide: The relay's end of the simulator's pipe.
    init(counterSide: PipeTransport, terminalSide: PipeTransport, kind: LineSplitter.Kind) {
        self.counterSide = counterSide
        self.terminalSide = terminalSide
        toTerminal = LineSplitter(kind)
        toCounter = LineSplitter(kind)
        (settled, settledSignal) = AsyncStream<Void>.makeStream()
    }

    /// Arms the fault for the first message with `label` going `direction`.
    func arm(_ fault: FaultMatrixCell.Fault, at label: String, going direction: Direction) {
        armed = (direction, label, fault)
    }

    func start() {
        pumps = [
            Task { await self.pump(from: counterSide, direction: .toTerminal) },
            Task { await self.pump(from: terminalSide, direction: .toCounter) },
        ]
    }

    /// Closes both sides and stops relaying.
    func stop() async {
        closed = true
        pumps.forEach { $0.cancel() }
        await counterSide.close()
        await terminalSide.close()
        settledSignal.finish()
    }

    private func pump(from source: PipeTransport, direction: Direction) async {
        while !Task.isCancelled {
            let bytes: [UInt8]
            do { bytes = try await source.read(maxLength: 4096, timeout: .seconds(3600)) } catch {
                // One side closed: the other sees it too, unless the terminal is playing dead.
                if !frozen || direction == .toTerminal { await stop() }
                return
            }
            guard !bytes.isEmpty else { continue }
            await handle(bytes, direction: direction)
        }
    }

    private func handle(_ bytes: [UInt8], direction: Direction) async {
        let units = direction == .toTerminal ? toTerminal.split(bytes) : toCounter.split(bytes)
        for unit in units {
            guard !closed else { return }
            if direction == .toTerminal, awaitingCounter {
                awaitingCounter = false
                await afterStep()
                if closed { return }
            }
            if frozen { continue }
            if direction == .toTerminal, rejecting, unit.isFrame {
                try? await counterSide.write(toTerminal.rejection)
                continue
            }
            if let armed, !triggered, armed.direction == direction, armed.label == unit.label {
                triggered = true
                await trigger(armed.fault, unit, direction)
                continue
            }
            try? await (direction == .toTerminal ? terminalSide : counterSide).write(unit.bytes)
        }
    }

    private func trigger(_ fault: FaultMatrixCell.Fault, _ unit: LineUnit, _ direction: Direction) async {
        if fault == .nakStorm, direction == .toTerminal, unit.isFrame {
            rejecting = true
            try? await counterSide.write(toTerminal.rejection)  // the step's own frame is the first one rejected
            await afterStep()
            return
        }
        try? await (direction == .toTerminal ? terminalSide : counterSide).write(unit.bytes)
        switch fault {
        case .timeout, .droppedLine, .posKilled: frozen = true
        case .garbage: try? await counterSide.write(toCounter.garbage)
        case .nakStorm: rejecting = true
        }
        if direction == .toTerminal {
            await afterStep()
        } else {
            awaitingCounter = true
        }
    }

    /// The driver has handled the step.
    private func afterStep() async {
        settledSignal.yield()
        if armed?.fault == .droppedLine { await stop() }
    }
}
