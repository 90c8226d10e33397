import POSFoundation
import Synchronization

/// The read loop and the ordered write queue of one open ``ByteTransport``.
///
/// Drivers keep their state in an actor and must not await a write in the middle of handling an event
/// (another event could slip in between). They hand bytes to ``send(_:)``, which queues them for one writer
/// task, so writes leave in the order they were made. Bytes read are passed to `onBytes` one chunk at a time,
/// in order. The first read or write error is reported once through `onFailure`; then both loops stop.
final class TransportChannel: Sendable {
    /// How long one read waits before it polls again (the loop also notices cancellation then).
    static let pollInterval: Duration = .milliseconds(200)

    let transport: any ByteTransport
    private let writes: AsyncStream<[UInt8]>.Continuation
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let failed = Mutex(false)
    private let onFailure: @Sendable (TransportError) async -> Void

    /// Starts the loops on an open transport.
    init(
        transport: any ByteTransport,
        onBytes: @escaping @Sendable ([UInt8]) async -> Void,
        onFailure: @escaping @Sendable (TransportError) async -> Void
    ) {
        self.transport = transport
        self.onFailure = onFailure
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        writes = continuation
        let readTask = Task { [weak self] in
            guard let self else { return }
            await self.runReads(onBytes: onBytes)
        }
        let writeTask = Task { [weak self] in
            guard let self else { return }
            await self.runWrites(stream)
        }
        tasks.locked { $0 = [readTask, writeTask] }
    }

    /// Queues bytes for writing.
    func send(_ bytes: [UInt8]) {
        writes.yield(bytes)
    }

    /// Stops both loops and closes the transport. Bytes already queued are written first (each write is bounded
    /// by the transport's own timeout): a serial ZVT driver's last `80 00 00` must reach the terminal, or the
    /// terminal is left waiting for it (found by the QEMU guest run over the FTDI cable).
    func stop() async {
        writes.finish()
        let running = tasks.locked { tasks in
            defer { tasks = [] }
            return tasks
        }
        if running.count == 2 { await running[1].value }
        failed.locked { $0 = true }
        running.forEach { $0.cancel() }
        await transport.close()
    }

    private func runWrites(_ stream: AsyncStream<[UInt8]>) async {
        for await bytes in stream {
            do {
                try await transport.write(bytes)
            } catch {
                await report(error)
                return
            }
        }
    }

    private func runReads(onBytes: @Sendable ([UInt8]) async -> Void) async {
        let clock = ContinuousClock()
        while !Task.isCancelled {
            let started = clock.now
            do {
                let bytes = try await transport.read(maxLength: 4096, timeout: Self.pollInterval)
                if bytes.isEmpty {
                    // A transport that returns at once instead of waiting (a double, a TTY with VMIN 0) would make
                    // this loop spin; pause briefly then.
                    if clock.now - started < Self.pollInterval / 4 {
                        try? await Task.sleep(for: .milliseconds(2))
                    }
                    continue
                }
                await onBytes(bytes)
            } catch {
                if !Task.isCancelled { await report(error) }
                return
            }
        }
    }

    private func report(_ error: TransportError) async {
        let first = failed.locked { failed in
            defer { failed = true }
            return !failed
        }
        guard first else { return }
        writes.finish()
        await onFailure(error)
    }
}
