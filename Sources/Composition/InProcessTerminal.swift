import POSFoundation
import Foundation
import Hardware
import HardwareLinux
import Localization
import Synchronization
import TerminalSimulator

/// The `sim://` reader: a ``ZVTTerminalEngine`` running inside this pos process, reached over a loopback TCP
/// listener on an ephemeral port (so the ZVT driver and the engine exchange real bytes, as with a LAN terminal).
///
/// It approves by default. `POS_SIM_SCRIPT` gives script words as `pos terminal-sim --script` takes them
/// (`decline:05`, `drop`, `timeout`, `slow:MS`, comma-separated); `POS_SIM_LEDGER` names a file every approval is
/// appended to. Given a data directory, its memory (numbering, the open batch, the last transaction) lives in
/// ``stateFileName`` there, so one `pos` run continues where the last left off and an end of day closes the
/// batch of every sale the simulator approved, in whichever run; without one it lives as long as the process.
public enum InProcessTerminal {
    private static let port = Mutex<UInt16?>(nil)
    /// The file in the data directory that holds the simulated terminal's memory.
    public static let stateFileName = "terminal-sim-state.json"

    /// A transport to the in-process terminal, starting it on first use (its ledger in `dataDirectory`, if given).
    public static func transport(dataDirectory: URL? = nil) throws -> any ByteTransport {
        let bound = try port.locked { port -> UInt16 in
            if let port { return port }
            let environment = ProcessInfo.processInfo.environment
            let words = (environment["POS_SIM_SCRIPT"] ?? "").split(separator: ",").map(String.init)
            let script: TerminalScript
            do { script = try TerminalScript(parsing: words) } catch {
                throw TransportError(.invalidAddress, endpoint: "sim://", underlying: "\(error)")
            }
            let ledger = TerminalLedger(logURL: environment["POS_SIM_LEDGER"].map { URL(fileURLWithPath: $0) },
                                        stateURL: dataDirectory?.appendingPathComponent(stateFileName))
            // It prints its slips in the till's language, as a terminal installed in that shop would.
            let engine = ZVTTerminalEngine(framing: .bareAPDU, script: script, ledger: ledger,
                                           language: TerminalLanguage(localeIdentifier: L10n.screen.language.rawValue))
            let started = try InProcessLoopback.start { connection in await engine.serve(connection) }
            port = started
            return started
        }
        return TCPTransport(host: "127.0.0.1", port: bound, connectTimeout: .seconds(5))
    }
}
