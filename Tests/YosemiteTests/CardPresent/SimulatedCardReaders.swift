import Foundation
import Hardware
import HardwareTestSupport
import POSFoundation
import TerminalSimulator
import Yosemite

/// The test builder of `AppEnvironment.makeCardReaderService`: the in-process ZVT simulator over a fresh
/// `PipeTransport` per connection, sharing one ledger (the terminal's memory survives reconnects, as a real
/// terminal's does). Lives in YosemiteTests because the module rules keep TerminalSimulator out of
/// YosemiteTestSupport.
struct SimulatedCardReaders: Sendable {
    let ledger: TerminalLedger
    let script: TerminalScript
    /// What the terminal announces (`wait`, `hold`), for a test to act on.
    let announcements: AsyncStream<String>
    private let announcer: AsyncStream<String>.Continuation
    /// Releases a `wait` transaction.
    let release: TerminalRelease

    init(script: TerminalScript = TerminalScript(prompts: [0x0A]), ledger: TerminalLedger = TerminalLedger()) {
        self.script = script
        self.ledger = ledger
        (announcements, announcer) = AsyncStream.makeStream()
        release = TerminalRelease()
    }

    /// A service whose every connection is a new pipe to the same simulated terminal.
    var makeService: @Sendable (Currency) -> any CardReaderService {
        let makeDriver = makeDriver
        return { currency in DefaultCardReaderService(makeDriver: makeDriver(currency)) }
    }

    /// The driver factory behind ``makeService``: each call a new pipe to the same simulated terminal.
    var makeDriver: @Sendable (Currency) -> DefaultCardReaderService.DriverFactory {
        let script = script, ledger = ledger, announcer = announcer, release = release
        return { currency in
            { address throws(CardReaderError) in
                let (counter, terminal) = PipeTransport.pair(endpoint: address.description)
                let engine = ZVTTerminalEngine(framing: .bareAPDU, script: script, ledger: ledger,
                                               announce: { announcer.yield($0) }, waitForRelease: { await release.wait() })
                Task { await engine.serve(terminal) }
                // The driver's timers on a clock nothing advances: no timer overtakes the simulator on a loaded machine.
                return ZVTCardReader(transport: counter, framing: .bareAPDU, address: address, currency: currency,
                                     clock: ManualClock())
            }
        }
    }
}

/// Lets a test release the simulated terminal's `wait` transaction when it has seen what it wanted.
actor TerminalRelease {
    private var released = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func open() {
        released = true
        waiting.forEach { $0.resume() }
        waiting = []
    }

    func wait() async {
        if released { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}
