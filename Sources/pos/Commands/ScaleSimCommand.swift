import ArgumentParser
import Composition
import Foundation
import Hardware
import HardwareLinux
import Localization
import TerminalSimulator

/// `pos scale-sim`: a simulated Mettler Toledo scale in 8217 mode on a pty (or a real tty), for tests and demos.
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
            if TerminalSimCommand.isDevice(serial) {
                let line = TTYTransport(path: serial, settings: .toledo8217)  // a real line: 9600 7E1
                Console.out("8217 scale simulator on \(serial)")
                while !Task.isCancelled {
                    try await line.open()
                    await engine.serve(line)
                }
            } else {
                let transport = try await LiveReaderTransports.pseudoTerminal(linkedAt: serial)
                Console.out("8217 scale simulator on \(serial)")
                while !Task.isCancelled {
                    await engine.serve(transport)
                }
            }
        } catch let error as TransportError {
            Console.error(error)
            throw ExitStatus.failure.exitCode
        }
    }
}
