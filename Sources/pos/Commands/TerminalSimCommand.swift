import ArgumentParser
import Composition
import Foundation
import Hardware
import Localization
import TerminalSimulator

/// `pos terminal-sim`: a simulated payment terminal for tests and demos (ZVT over TCP or a pty, Concert over a pty).
struct TerminalSimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal-sim",
        abstract: L10n.tr("cli.terminalSim.abstract"),
        discussion: L10n.tr("cli.terminalSim.discussion")
    )

    @Option(help: .tr("cli.terminalSim.zvt.help")) var zvt: String?
    @Option(name: .customLong("zvt-serial"), help: .tr("cli.terminalSim.zvtSerial.help")) var zvtSerial: String?
    @Option(help: .tr("cli.terminalSim.concert.help")) var concert: String?
    @Option(help: .tr("cli.terminalSim.script.help")) var script: [String] = []
    @Option(help: .tr("cli.terminalSim.log.help")) var log: String?

    func validate() throws {
        let modes = [zvt, zvtSerial, concert].compactMap { $0 }
        guard modes.count == 1 else { throw ValidationError(L10n.tr("cli.invalid.terminalSim.1")) }
    }

    func run() async throws {
        let parsed: TerminalScript
        do { parsed = try TerminalScript(parsing: script) } catch {
            Console.error(error.description)
            throw ExitStatus.usage.exitCode
        }
        let ledger = TerminalLedger(logURL: log.map { URL(fileURLWithPath: $0) })
        // `wait` steps go on when SIGUSR1 arrives (one signal releases one transaction).
        let gate = ReleaseGate()
        signal(SIGUSR1, SIG_IGN)
        let release = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        release.setEventHandler { Task { await gate.open() } }
        release.resume()
        defer { release.cancel() }
        // Hold steps announce themselves on stdout, so a test or script can act at that moment.
        @Sendable func zvtEngine(_ framing: ZVTCardReader.Framing) -> ZVTTerminalEngine {
            ZVTTerminalEngine(framing: framing, script: parsed, ledger: ledger, announce: { Console.out($0) },
                              waitForRelease: { await gate.wait() },
                              language: TerminalLanguage(localeIdentifier: L10n.screen.language.rawValue))
        }
        do {
            if let zvt {
                let (host, port) = try Self.hostAndPort(zvt)
                let engine = zvtEngine(.bareAPDU)
                try await LiveReaderTransports.listen(host: host, port: port, announce: { port in
                    Console.out("ZVT terminal simulator listening on tcp://\(host):\(port)")
                }, serve: { transport in await engine.serve(transport) })
            } else if let zvtSerial, zvtSerial.hasPrefix("tcp://") {
                let (host, port) = try Self.hostAndPort(zvtSerial)
                try await LiveReaderTransports.listen(host: host, port: port, announce: { port in
                    Console.out("ZVT serial terminal simulator listening on tcp://\(host):\(port)")
                }, serve: { connection in
                    // One session after another on the same connection, as on a cable, until the peer hangs up.
                    let line = SimulatorLine(connection)
                    while !line.isDead && !Task.isCancelled {
                        await zvtEngine(.serial).serve(line)
                    }
                    await line.hangUp()
                })
            } else if let path = zvtSerial ?? concert, case .inTheWay(let what) = SimulatorSerialPath(path) {
                throw SimulatorSerialPath.refuse(path, option: zvtSerial == nil ? "--concert" : "--zvt-serial", what: what)
            } else if let zvtSerial, SimulatorSerialPath(zvtSerial) == .device {
                let line = try LiveReaderTransports.transport(for: ReaderAddress("zvt+serial://" + zvtSerial))
                Console.out("ZVT terminal simulator on \(zvtSerial)")
                while !Task.isCancelled {
                    try await line.open()
                    await zvtEngine(.serial).serve(line)
                }
            } else if let link = zvtSerial ?? concert {
                let transport = try await LiveReaderTransports.pseudoTerminal(linkedAt: link)
                let cleanup = SimulatorSerialPath.removeLinkOnExit(transport)
                defer { cleanup.forEach { $0.cancel() } }
                Console.out("\(concert == nil ? "ZVT" : "Concert") terminal simulator on \(link)")
                while !Task.isCancelled {
                    if concert != nil {
                        await ConcertTerminalEngine(script: parsed, ledger: ledger).serve(transport)
                    } else {
                        await zvtEngine(.serial).serve(transport)
                    }
                }
            }
        } catch let error as TransportError {
            Console.error(error)
            throw ExitStatus.readerUnavailable.exitCode
        }
    }

    static func hostAndPort(_ text: String) throws -> (String, UInt16) {
        // Port 0 lets the system choose a free port, announced on the "listening on" line: right for a listener
        // (a test starts one without racing other programs for a port), never for a reader's address.
        if let components = URLComponents(string: text), components.scheme == "tcp", components.port == 0,
           let host = components.host, !host.isEmpty {
            return (host, 0)
        }
        let address: ReaderAddress
        do { address = try ReaderAddress("zvt+" + text) } catch {
            Console.error(error)
            throw ExitStatus.usage.exitCode
        }
        guard case .tcp(let host, let port) = address.link else { throw ExitStatus.usage.exitCode }
        return (host, port)
    }
}

/// Releases the simulator's `wait` transactions, one per SIGUSR1, in order; a signal with none waiting is kept.
private actor ReleaseGate {
    private var released = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func open() {
        if waiting.isEmpty { released += 1 } else { waiting.removeFirst().resume() }
    }

    func wait() async {
        if released > 0 {
            released -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
