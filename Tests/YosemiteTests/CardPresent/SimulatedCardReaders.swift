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

    init(script: TerminalScript = TerminalScript(prompts: [0x0A]), ledger: TerminalLedger = TerminalLedger()) {
        self.script = script
        self.ledger = ledger
    }

    /// A service whose every connection is a new pipe to the same simulated terminal.
    var makeService: @Sendable (Currency) -> any CardReaderService {
        let script = script, ledger = ledger
        return { currency in
            DefaultCardReaderService(makeDriver: { address throws(CardReaderError) in
                let (counter, terminal) = PipeTransport.pair(endpoint: address.description)
                let engine = ZVTTerminalEngine(framing: .bareAPDU, script: script, ledger: ledger)
                Task { await engine.serve(terminal) }
                return ZVTCardReader(transport: counter, framing: .bareAPDU, address: address, currency: currency)
            })
        }
    }
}
