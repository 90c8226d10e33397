import ArgumentParser
import Foundation
import HardwareLinux
import Localization
import POSFoundation

/// `pos reader install-udev-rules`: lets the cashier's account open the known payment terminals over USB.
struct ReaderInstallUdevRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-udev-rules",
        abstract: L10n.tr("cli.readerInstallUdevRules.abstract"),
        discussion: L10n.tr("cli.readerInstallUdevRules.discussion", ["path": "\(UdevRules.installDirectory)/\(UdevRules.fileName)"])
    )

    @Option(help: .tr("cli.readerInstallUdevRules.group.help"))
    var group = UdevRules.defaultGroup

    @Flag(help: .tr("cli.readerInstallUdevRules.dryRun.help"))
    var dryRun = false

    @Option(help: ArgumentHelp(L10n.tr("cli.readerInstallUdevRules.directory.help"), visibility: .hidden))
    var rulesDirectory = UdevRules.installDirectory

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    /// The `--json` shape: the rules file written, the group it opens the terminals to, and what udev did:
    /// `reloaded`, `notReloaded` (a rules directory other than udev's), `noUdevadm`, `failed`. Stable: scripts read it.
    struct Report: Encodable {
        var path: String
        var group: String
        var udev: String
    }

    func validate() throws {
        guard UdevRules.isValidGroupName(group) else {
            throw ValidationError(L10n.tr("cli.invalid.readerInstallUdevRules.1", ["group": "\(group)"]))
        }
        // `--dry-run` prints the rules file itself, a document: not with `--json` (docs/operations.md, "JSON output").
        if dryRun && json { throw ValidationError(L10n.tr("cli.invalid.readerInstallUdevRules.dryRunJSON")) }
    }

    func run() throws {
        let rules = UdevRules.generate(group: group)
        if dryRun {
            FileHandle.standardOutput.write(Data(rules.utf8))
            return
        }
        let directory = URL(fileURLWithPath: rulesDirectory, isDirectory: true)
        let target = directory.appendingPathComponent(UdevRules.fileName)
        do {
            try DurableFile.replace(target.path, with: Data(rules.utf8), permissions: 0o644)
        } catch {
            Console.error(L10n.tr("cli.error.cannotWrite", ["path": "\(target.path)", "localizedDescription": "\(error)"]))
            FileHandle.standardError.write(Data(("  " + L10n.tr("cli.udev.out.asRoot", ["group": group]) + "\n").utf8))
            throw ExitStatus.insufficientPermission.exitCode
        }
        if json {
            let udev = rulesDirectory == UdevRules.installDirectory ? reloadUdev(saying: false) : "notReloaded"
            return try Console.json(Report(path: target.path, group: group, udev: udev))
        }
        Console.out(L10n.tr("cli.udev.out.installed", ["path": target.path, "group": group]))
        if rulesDirectory == UdevRules.installDirectory { reloadUdev(saying: true) }
        Console.out(L10n.tr("cli.udev.out.addToGroup", ["group": group]))
    }

    /// Asks udevd to reload and re-apply the rules; without a running udevd the rules apply at the next boot.
    /// Returns what happened as a code (`reloaded`, `noUdevadm`, `failed`), and says it when `saying`.
    @discardableResult
    private func reloadUdev(saying: Bool) -> String {
        func say(_ text: String) { if saying { Console.out(text) } }
        let steps = [["control", "--reload-rules"], ["trigger", "--action=add", "--subsystem-match=usb", "--subsystem-match=tty"]]
        guard let udevadm = ["/bin/udevadm", "/usr/bin/udevadm", "/sbin/udevadm"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            say(L10n.tr("cli.udev.out.noUdevadm"))
            return "noUdevadm"
        }
        for arguments in steps {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: udevadm)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                process.waitUntilExit()
            } catch {
                say(L10n.tr("cli.udev.out.cannotRun", ["arguments": arguments.joined(separator: " "), "error": error.localizedDescription]))
                return "failed"
            }
            if process.terminationStatus != 0 {
                say(L10n.tr("cli.udev.out.failed", ["arguments": arguments.joined(separator: " ")]))
                return "failed"
            }
        }
        say(L10n.tr("cli.udev.out.reloaded"))
        return "reloaded"
    }
}
