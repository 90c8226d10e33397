import Foundation
import Hardware
import HardwareLinux
import POSFoundation
import Synchronization
import TerminalSimulator

/// The `sim://` scale: a ``Toledo8217ScaleEngine`` running inside this pos process, reached over a loopback TCP
/// listener on an ephemeral port, so the 8217 driver and the engine exchange the protocol's bytes as over a cable.
/// The demo store weighs its loose goods on it when no scale is set, as it pays on the `sim://` terminal.
///
/// Every weighing reads 0.500 kg. `POS_SIM_SCALE_SCRIPT` gives steps as `pos scale-sim --script` takes them
/// (`moving,stable:1234`, `zero`, `over`, `silent`; comma-separated, the last repeating).
public enum InProcessScale {
    private static let port = Mutex<UInt16?>(nil)
    /// What the pan holds when `POS_SIM_SCALE_SCRIPT` is not set.
    public static let defaultScript = "stable:500"

    /// A transport to the in-process scale, starting it on first use.
    ///
    /// - Throws: ``TransportError``: `.invalidAddress` for a script that does not read, or the listener's error.
    public static func transport() throws(TransportError) -> any ByteTransport {
        let bound = try port.locked { port throws(TransportError) -> UInt16 in
            if let port { return port }
            let text = ProcessInfo.processInfo.environment["POS_SIM_SCALE_SCRIPT"] ?? defaultScript
            let script: ScaleScript
            do { script = try ScaleScript(parsing: text) } catch {
                throw TransportError(.invalidAddress, endpoint: "sim://", underlying: "POS_SIM_SCALE_SCRIPT: \(error)")
            }
            let engine = Toledo8217ScaleEngine(script: script)
            let started = try InProcessLoopback.start { connection in await engine.serve(connection) }
            port = started
            return started
        }
        return TCPTransport(host: "127.0.0.1", port: bound, connectTimeout: .seconds(5))
    }
}

/// Where the in-process simulators (``InProcessTerminal``, ``InProcessScale``) listen.
enum InProcessLoopback {
    /// Starts a listener on an ephemeral loopback port that hands each connection to `serve` in a task of its own,
    /// for the life of the process, and returns the port.
    static func start(serving serve: @escaping @Sendable (any ByteTransport) async -> Void) throws(TransportError) -> UInt16 {
        let listener = TCPListener(host: "127.0.0.1", port: 0)
        let port = try listener.start()
        Task.detached {
            while true {
                guard let connection = try? await listener.accept() else { return }
                Task { await serve(connection) }
            }
        }
        return port
    }
}

/// The composition seam between the store-floor devices and the live transports.
public enum LiveDeviceTransports {
    /// The transport for a scale's or pole display's address: a TTY for `…+serial`, the in-process scale
    /// (``InProcessScale``) for `sim://`. A simulator that cannot start gives a transport that fails to open, with
    /// the reason.
    public static func transport(for address: DeviceAddress) -> any ByteTransport {
        switch address.link {
        case .serial(let path, let settings):
            return TTYTransport(path: path, settings: settings, device: address.kind.transportDevice)
        case .inProcess:
            do throws(TransportError) {
                return try InProcessScale.transport()
            } catch {
                return FailedTransport(error: error)
            }
        }
    }
}

/// A transport that never opens, giving the error that kept it from existing.
private struct FailedTransport: ByteTransport {
    let error: TransportError
    var endpointDescription: String { error.endpoint }
    func open() async throws(TransportError) { throw error }
    func write(_ bytes: [UInt8]) async throws(TransportError) { throw error }
    func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] { throw error }
    func close() async {}
}
