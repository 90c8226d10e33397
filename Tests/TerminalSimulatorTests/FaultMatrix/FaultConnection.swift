import Hardware
import HardwareTestSupport
import POSFoundation
import Synchronization
import TerminalSimulator

/// One connection of the counter to the simulated terminal, through a ``FaultRelay``: the driver and
/// ``DefaultCardReaderService`` on one pipe, the simulator (sharing the cell's ledger) on the other.
struct FaultConnection {
    /// How long the simulated terminal waits for the counter's acknowledgement or next step, in wall-clock time.
    ///
    /// In the matrix only the counter's `ManualClock` may move time: no cell's outcome depends on the terminal
    /// giving up (all 90 cells end the same with this patience). A wall-clock limit here (it was 5 s) only turned a
    /// slow machine into a failure: when a loaded CI host took longer than that to run the counter's side of the
    /// clean warm-up payment, the terminal hung up and the cell failed with `.warmUpFailed`. An hour means never
    /// within a test; a real hang is still caught by the suite's time limit.
    static let simulatorPatience: Duration = .seconds(3600)

    let relay: FaultRelay
    let service: DefaultCardReaderService
    let server: Task<Void, Never>
    let address: ReaderAddress
    /// The driver the service made, to tear down directly (as a dying process does) even mid-connect.
    let driver: DriverBox

    static func open(_ line: FaultMatrixCell.Line, ledger: TerminalLedger, clock: ManualClock) async -> FaultConnection {
        let (counter, relayCounterSide) = PipeTransport.pair(endpoint: "counter")
        let (relayTerminalSide, terminal) = PipeTransport.pair(endpoint: "terminal")
        let kind: LineSplitter.Kind = switch line {
        case .zvtTCP: .zvtBare
        case .zvtSerial: .zvtSerial
        case .concert: .concert
        }
        let relay = FaultRelay(counterSide: relayCounterSide, terminalSide: relayTerminalSide, kind: kind)
        await relay.start()
        let address: ReaderAddress
        let box = DriverBox()
        let server: Task<Void, Never>
        let service: DefaultCardReaderService
        switch line {
        case .zvtTCP, .zvtSerial:
            let framing: ZVTCardReader.Framing = line == .zvtTCP ? .bareAPDU : .serial
            address = line == .zvtTCP
                ? ReaderAddress(terminalProtocol: .zvt, link: .tcp(host: "127.0.0.1", port: 20007))
                : ReaderAddress(terminalProtocol: .zvt, link: .serial(path: "/dev/ttyS0"))
            let engine = ZVTTerminalEngine(framing: framing, ledger: ledger, acknowledgeTimeout: Self.simulatorPatience)
            server = Task { await engine.serve(terminal) }
            service = DefaultCardReaderService(makeDriver: { address throws(CardReaderError) in
                box.keep(ZVTCardReader(transport: counter, framing: framing, address: address, currency: .eur, clock: clock))
            })
        case .concert:
            address = ReaderAddress(terminalProtocol: .concert, link: .serial(path: "/dev/ttyACM0"))
            let engine = ConcertTerminalEngine(ledger: ledger, stepTimeout: Self.simulatorPatience)
            server = Task { await engine.serve(terminal) }
            service = DefaultCardReaderService(makeDriver: { address throws(CardReaderError) in
                box.keep(ConcertCardReader(transport: counter, address: address, clock: clock))
            })
        }
        return FaultConnection(relay: relay, service: service, server: server, address: address, driver: box)
    }

    /// Tears everything down: the driver (as if `pos` died), the wire, and the simulator's session.
    func close() async {
        await driver.current?.disconnect()
        await service.disconnect()
        await relay.stop()
        await server.value
    }
}

/// Holds the driver a service's factory made.
final class DriverBox: Sendable {
    private let driver = Mutex<(any CardReaderDriver)?>(nil)

    var current: (any CardReaderDriver)? { driver.withLock { $0 } }

    func keep<Driver: CardReaderDriver>(_ made: Driver) -> Driver {
        driver.withLock { $0 = made }
        return made
    }
}
