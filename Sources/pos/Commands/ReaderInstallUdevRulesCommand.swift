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
            try DurableFile.replace(target.path, with: Data(rules.utf8), permissions: 0o644)
        } catch {
            Console.error(L10n.tr("cli.error.cannotWrite", ["path": "\(target.path)", "localizedDescription": "\(error)"]))
            FileHandle.standardError.write(Data(("  " + L10n.tr("cli.udev.out.asRoot", ["group": group]) + "\n").utf8))
            throw ExitStatus.insufficientPermission.exitCode
        }
        Console.out(L10n.tr("cli.udev.out.installed", ["path": target.path, "group": group]))
        if rulesDirectory == UdevRules.installDirectory { reloadUdev() }
        Console.out(L10n.tr("cli.udev.out.addToGroup", ["group": group]))
    }

    /// Asks udevd to reload and re-apply the rules; without a running udevd the rules apply at the next boot.
    private func reloadUdev() {
        let steps = [["control", "--reload-rules"], ["trigger", "--action=add", "--subsystem-match=usb", "--subsystem-match=tty"]]
        guard let udevadm = ["/bin/udevadm", "/usr/bin/udevadm", "/sbin/udevadm"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Console.out(L10n.tr("cli.udev.out.noUdevadm"))
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
                Console.out(L10n.tr("cli.udev.out.cannotRun", ["arguments": arguments.joined(separator: " "), "error": error.localizedDescription]))
                return
            }
            if process.terminationStatus != 0 {
                Console.out(L10n.tr("cli.udev.out.failed", ["arguments": arguments.joined(separator: " ")]))
                return
            }
        }
        Console.out(L10n.tr("cli.udev.out.reloaded"))
    }
}
