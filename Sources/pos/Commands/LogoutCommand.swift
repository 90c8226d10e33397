import ArgumentParser
import Foundation
import Localization
import Yosemite

/// `pos logout`: forgets the store and wipes its local data.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: L10n.tr("cli.logout.abstract"),
        discussion: L10n.tr("cli.logout.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: .tr("cli.logout.force.help"))
    var force = false

    func run() async throws {
        let directory = try data.resolve()
        let status = await Self.logout(directory: directory, force: force)
        if status != .success { throw status.exitCode }
    }

    @MainActor
    private static func logout(directory: URL, force: Bool) async -> ExitStatus {
        guard let manager = try? LiveSession.open(directory) else { return .storageFailure }
        do {
            if force, let unexported = try? await manager.dispatch({ FiscalAction.loadUnexported(reply: $0) }), !unexported.isEmpty {
                Console.error(L10n.tr("cli.logout.warning.unexported", ["records": unexported.description]))
            }
            try await manager.logout(force: force)
            Console.out(L10n.tr(force ? "cli.out.logout.forced" : "cli.out.logout"))
            return .success
        } catch {
            Console.error(error)
            return ExitStatus(error)
        }
    }
}
