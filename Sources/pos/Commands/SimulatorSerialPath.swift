import ArgumentParser
import Composition
import Foundation
import Glibc
import Localization

/// What is at the path a simulator is told to serve on (`pos scale-sim --serial`, `pos terminal-sim --zvt-serial`
/// or `--concert`), and so what the simulator does there. Nothing there is ever replaced:
///
/// - nothing: the simulator opens a new pty and links its other end there (removed again when it ends);
/// - a character device, directly or through symbolic links (a socat link, `/dev/pts/N`, `/dev/ttyUSB0`): the
///   simulator opens it as its end of the line;
/// - anything else (a file, a directory, a link to no device): the simulator refuses, saying what is in the way.
enum SimulatorSerialPath: Equatable {
    case free
    case device
    /// What is in the way, in words.
    case inTheWay(String)

    init(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            // A name that does not exist is free; any other failure (a directory on the way that is not one, no
            // permission) is reported when the link is made.
            self = .free
            return
        }
        let isLink = status.st_mode & S_IFMT == S_IFLNK
        let target = isLink ? (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?" : nil
        guard stat(path, &status) == 0 else {
            self = .inTheWay(L10n.tr("cli.sim.path.danglingLink", ["target": target ?? "?"]))
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFCHR: self = .device
        case S_IFDIR: self = .inTheWay(L10n.tr("cli.sim.path.directory"))
        default:
            if let target {
                self = .inTheWay(L10n.tr("cli.sim.path.linkToFile", ["target": target]))
            } else {
                self = .inTheWay(L10n.tr("cli.sim.path.file"))
            }
        }
    }

    /// Refuses a path with something in the way: says what, and what to do (usage exit code).
    static func refuse(_ path: String, option: String, what: String) -> ExitCode {
        Console.error(L10n.tr("cli.error.sim.inTheWay", ["option": option, "path": path, "what": what]))
        Console.error(L10n.tr("cli.error.sim.inTheWay.hint", ["path": path]))
        return ExitStatus.usage.exitCode
    }

    /// Removes the simulator's link when SIGTERM or SIGINT ends it, then exits at once with 128 + the signal's
    /// number, as the shell reports a process the signal ended. (Re-raising the signal from the handler does not
    /// work: it runs on a dispatch thread that blocks signals.) The returned sources must be kept alive.
    static func removeLinkOnExit(_ line: LinkedPseudoTerminal) -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                line.removeLink()
                _exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
