import POSFoundation
import Foundation
import Synchronization

/// Reads the terminal's bytes on a thread of its own (never the main actor), decodes them and stamps each key
/// with its arrival time. ``resized(to:)`` puts a ``KeyEvent/resize(_:)`` in the same stream.
final class StdinKeyReader: Sendable {
    let keys: AsyncStream<TimedKey>
    private let continuation: AsyncStream<TimedKey>.Continuation
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let fd: Int32
    private let decoder: Mutex<KeyDecoder>
    private let received = Mutex(0)

    /// A reader of `fd` with the sequences of the terminal in use.
    init(fd: Int32, decoder: KeyDecoder) {
        self.fd = fd
        self.decoder = Mutex(decoder)
        (keys, continuation) = AsyncStream.makeStream(of: TimedKey.self)
        start = clock.now
        let thread = Thread { [self] in readLoop() }
        thread.name = "pos-counter-keys"
        thread.start()
    }

    /// Reports a new terminal size as a key event.
    func resized(to size: TerminalSize) {
        received.locked { $0 += 1 }
        continuation.yield(TimedKey(.resize(size), at: now()))
    }

    /// How many events were read: every key of a read counts from before the first of them is put in the stream.
    var keysReceived: Int { received.locked { $0 } }

    /// Time on the keys' clock.
    func now() -> Duration { clock.now - start }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let time = now()
            let decoded = decoder.locked { $0.decode(buffer[0..<count]) }
            // Counted as a whole before the first is handed over: until the run loop has taken every key of this read,
            // it sees keys queued, so it never releases a scanner's burst half-read as typed keys (the reader thread
            // can be descheduled between two yields on a loaded machine).
            received.locked { $0 += decoded.count }
            for key in decoded {
                continuation.yield(TimedKey(key, at: time))
            }
        }
        continuation.finish()
    }
}
