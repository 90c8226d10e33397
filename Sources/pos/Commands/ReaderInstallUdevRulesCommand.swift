import ArgumentParser
import Foundation
import HardwareLinux
import Localization

/// `pos reader install-udev-rules`: lets the cashier's account open the known payment terminals over USB.
struct ReaderInstallUdevRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-udev-rules",
        abstract: L10n.tr("cli.readerInstallUdevRules.abstract"),
        discussion: """
            Writes \(UdevRules.installDirectory)/\(UdevRules.fileName) (needs root), generated from the table of known \
            terminals: group access with mode 0660 plus uaccess for the seat user, never world-writable. Then asks \
            udev to reload its rules and re-apply them to plugged-in devices. Add the cashier to the group \
            (usermod -aG GROUP USER) and unplug and replug the terminal.
            """
    )

    @Option(help: .tr("cli.readerInstallUdevRules.group.help"))
    var group = UdevRules.defaultGroup

    @Flag(help: .tr("cli.readerInstallUdevRules.dryRun.help"))
    var dryRun = false

    @Option(help: ArgumentHelp(L10n.tr("cli.readerInstallUdevRules.directory.help"), visibility: .hidden))
    var rulesDirectory = UdevRules.installDirectory

    func validate() throws {
        guard UdevRules.isValidGroupName(group) else {
            throw ValidationError(L10n.tr("cli.invalid.readerInstallUdevRules.1", ["group": "\(group)"]))
        }
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
            try Data(rules.utf8).write(to: target, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        } catch {
            Console.error(L10n.tr("cli.error.cannotWrite", ["path": "\(target.path)", "localizedDescription": "\(error.localizedDescription)"]))
            FileHandle.standardError.write(Data("  Run it as root: sudo pos reader install-udev-rules --group \(group)\n".utf8))
            throw ExitStatus.insufficientPermission.exitCode
        }
        Console.out("Installed \(target.path) (group \(group), mode 0660, uaccess).")
        if rulesDirectory == UdevRules.installDirectory { reloadUdev() }
        Console.out("Add the cashier to the group (usermod -aG \(group) USER), then unplug and replug the terminal.")
    }

    /// Asks udevd to reload and re-apply the rules; without a running udevd the rules apply at the next boot.
    private func reloadUdev() {
        let steps = [["control", "--reload-rules"], ["trigger", "--action=add", "--subsystem-match=usb", "--subsystem-match=tty"]]
        guard let udevadm = ["/bin/udevadm", "/usr/bin/udevadm", "/sbin/udevadm"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Console.out("udevadm not found: the rules apply when udev next starts.")
            return
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
                Console.out("could not run udevadm \(arguments.joined(separator: " ")): \(error.localizedDescription)")
                return
            }
            if process.terminationStatus != 0 {
                Console.out("udevadm \(arguments.joined(separator: " ")) failed (is systemd-udevd running?): the rules apply when udev next starts.")
                return
            }
        }
        Console.out("udev reloaded its rules.")
    }
}
