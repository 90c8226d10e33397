import ArgumentParser
import Composition
import Foundation
import Hardware
import HardwareLinux
import Localization
import TerminalSimulator

/// `pos scale-sim`: a simulated Mettler Toledo scale in 8217 mode on a pty (or a real tty), for tests and demos.
///
/// `--serial` names a free path (a new pty is linked there), or an existing tty: a socat link, a `/dev/pts/N`, a
/// real port. Nothing else at the path is replaced. The ready line comes once the line is open.
struct ScaleSimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale-sim",
        abstract: L10n.tr("cli.scaleSim.abstract"),
        discussion: L10n.tr("cli.scaleSim.discussion")
    )

    @Option(help: .tr("cli.scaleSim.serial.help")) var serial: String
    @Option(help: .tr("cli.scaleSim.script.help")) var script: String = "stable:1234"

    func run() async throws {
        let parsed: ScaleScript
        do { parsed = try ScaleScript(parsing: script) } catch {
            Console.error(error.description)
            throw ExitStatus.usage.exitCode
        }
        let engine = Toledo8217ScaleEngine(script: parsed, announce: { Console.out($0) })
        do {
            switch SimulatorSerialPath(serial) {
            case .inTheWay(let what):
                throw SimulatorSerialPath.refuse(serial, option: "--serial", what: what)
            case .device:
                // A tty that exists (a real port at 9600 7E1; on a pty the line carries 8 bits, see TTYTransport).
                let line = TTYTransport(path: serial, settings: .toledo8217, device: .scale)
                try await line.open()
                Console.out("8217 scale simulator on \(serial)")
                while !Task.isCancelled {
                    await engine.serve(line)
                    try await line.open()
                }
            case .free:
                let transport = try await LiveReaderTransports.pseudoTerminal(linkedAt: serial)
                let cleanup = SimulatorSerialPath.removeLinkOnExit(transport)
                defer { cleanup.forEach { $0.cancel() } }
                Console.out("8217 scale simulator on \(serial)")
                while !Task.isCancelled {
                    await engine.serve(transport)
                }
            }
        } catch let error as TransportError {
            Console.error(error.on(.scale).message)
            Console.error(L10n.tr("cli.error.scaleSim.line.hint"))
            throw ExitStatus.failure.exitCode
        }
    }
}
