import Foundation
import Localization
import Yosemite

/// Reads cashier PINs: from the terminal without echo, or one line from standard input when it is not a terminal
/// (scripts, tests). Never from the command line or the environment, which `ps` and /proc show.
enum PinPrompt {
    /// One PIN; `label` says whose ("Manager Ann's PIN"). Exits 64 when none is given.
    static func read(_ label: String) throws -> String {
        let line = isatty(STDIN_FILENO) == 1
            ? SecretPrompt.readFromTerminal(label) : readLine(strippingNewline: true)
        guard let pin = line?.trimmingCharacters(in: .whitespaces), !pin.isEmpty else {
            Console.error(L10n.tr("cli.error.pin.missing", ["label": "\(label)"]))
            throw ExitStatus.usage.exitCode
        }
        return pin
    }

    /// A new PIN (`label`: "New PIN for Bob"): at a terminal, typed twice without echo and refused (exit 64, nothing
    /// changed) when the two differ, since a PIN nobody can see is easily mistyped; from a script, one line.
    static func readNew(_ label: String) throws -> String {
        let pin = try read(label)
        guard isatty(STDIN_FILENO) == 1 else { return pin }
        let again = SecretPrompt.readFromTerminal(L10n.tr("cli.pin.prompt.again"))?.trimmingCharacters(in: .whitespaces)
        guard again == pin else {
            Console.error(L10n.tr("cli.error.pin.mismatch"))
            throw ExitStatus.usage.exitCode
        }
        return pin
    }

    /// One PIN, or `nil` for an empty line or the end of input (the caller skips what it was for).
    static func readOptional(_ label: String) throws -> String? {
        let line = isatty(STDIN_FILENO) == 1
            ? SecretPrompt.readFromTerminal(label) : readLine(strippingNewline: true)
        guard let pin = line?.trimmingCharacters(in: .whitespaces), !pin.isEmpty else { return nil }
        return pin
    }

    /// A manager's approval for `--manager NAME`, the PIN read like ``read(_:)``; `nil` without the option.
    static func approval(_ manager: String?) throws -> ManagerApproval? {
        guard let manager else { return nil }
        return ManagerApproval(manager: manager, pin: try read(L10n.tr("cli.pin.prompt.manager", ["name": manager])))
    }
}

/// A secret typed at the terminal: the prompt on standard error, echo off while it is typed.
enum SecretPrompt {
    /// Prompts with `label` and reads one line with echo off; `nil` at end of input.
    ///
    /// Echo goes off before the prompt is shown: a PIN typed as soon as the prompt appears (a fast typist, a paste,
    /// a test driving tmux) would otherwise be echoed in the moment between the two.
    static func readFromTerminal(_ label: String) -> String? {
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        FileHandle.standardError.write(Data("\(label): ".utf8))
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}
