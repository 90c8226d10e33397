/// A ``TerminalScreen`` in memory: keys are injected, frames are kept. Tests and `pos bench counter` drive the
/// counter with it, headless.
@MainActor
public final class CanvasScreen: TerminalScreen {
    public private(set) var size: TerminalSize
    /// The last frame painted.
    public private(set) var lastFrame: TextCanvas?
    /// How many frames were painted.
    public private(set) var frameCount = 0
    public private(set) var keysReceived = 0
    public let keys: AsyncStream<TimedKey>
    private let continuation: AsyncStream<TimedKey>.Continuation
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var frameWaiters: [(id: Int, predicate: (TextCanvas) -> Bool, continuation: CheckedContinuation<TextCanvas, Never>)] = []
    private var nextWaiter = 0

    /// A screen of a fixed size.
    public init(size: TerminalSize) {
        self.size = size
        (keys, continuation) = AsyncStream.makeStream(of: TimedKey.self)
        start = clock.now
    }

    public func now() -> Duration { clock.now - start }

    /// Called with every frame as it is painted (a test that must see each one, not only the one it awaits).
    public var onDraw: (@MainActor (TextCanvas) -> Void)?

    public func draw(_ canvas: TextCanvas) {
        lastFrame = canvas
        frameCount += 1
        onDraw?(canvas)
        var waiting: [(id: Int, predicate: (TextCanvas) -> Bool, continuation: CheckedContinuation<TextCanvas, Never>)] = []
        for waiter in frameWaiters {
            if waiter.predicate(canvas) { waiter.continuation.resume(returning: canvas) } else { waiting.append(waiter) }
        }
        frameWaiters = waiting
    }

    /// Sends keys as if typed now.
    public func type(_ keys: [KeyEvent]) {
        let time = now()
        keysReceived += keys.count
        for key in keys { continuation.yield(TimedKey(key, at: time)) }
    }

    /// Sends a string as a scanner would (all at once) followed by Enter.
    public func scan(_ code: String) {
        type(code.map { KeyEvent.character($0) } + [.enter])
    }

    /// Changes the size and tells the counter.
    public func resize(to newSize: TerminalSize) {
        size = newSize
        keysReceived += 1
        continuation.yield(TimedKey(.resize(newSize), at: now()))
    }

    /// Waits for the first frame (the current one included) that satisfies `predicate`. When the waiting task is
    /// cancelled (a test's time limit ran out) it returns the last frame painted instead, so the test fails on what
    /// it expected rather than hanging the run.
    public func frame(where predicate: @escaping (TextCanvas) -> Bool) async -> TextCanvas {
        if let lastFrame, predicate(lastFrame) { return lastFrame }
        nextWaiter += 1
        let id = nextWaiter
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: frameSoFar)
                } else {
                    frameWaiters.append((id, predicate, continuation))
                }
            }
        } onCancel: {
            Task { @MainActor in self.stopWaiting(id) }
        }
    }

    /// What a cancelled wait returns: the last frame, or a blank one before the first.
    private var frameSoFar: TextCanvas { lastFrame ?? TextCanvas(size: size) }

    private func stopWaiting(_ id: Int) {
        guard let index = frameWaiters.firstIndex(where: { $0.id == id }) else { return }
        frameWaiters.remove(at: index).continuation.resume(returning: frameSoFar)
    }

    public func close() {
        continuation.finish()
    }
}
