import ArgumentParser
import Composition
import Foundation
import Localization
import POSFoundation
import Storage
import Yosemite

/// Opens the live environment and the stores for a data directory: what every command starts with.
@MainActor
enum LiveSession {
    /// The stores manager on the live environment, or the storage-failure exit after saying why.
    ///
    /// `integrity`: how much of the database to check before using it; the counter checks everything once at its
    /// start, a command only the counter's own records (a full check reads the whole catalog).
    static func open(
        _ directory: URL, integrity: AppDatabase.IntegrityScope = .records
    ) throws(ExitCode) -> StoresManager {
        do {
            let environment = try AppEnvironment.live(
                dataDirectory: directory, logger: LoggingSetup.logger(), integrity: integrity)
            return StoresManager(environment: environment)
        } catch {
            Console.openFailure(error, directory: directory)
            throw ExitStatus.storageFailure.exitCode
        }
    }

    /// Opens the embedded demo store when the data directory has nothing configured (no usable credentials, no
    /// demo marker): what a plain `pos` does, so a command on a fresh data directory works on the same demo the
    /// counter shows. Says so once on standard error, when it seeds the demo; a data directory that already holds
    /// the demo (or a store) is left as it is, silently. Commands that talk to a real store's site or hardware
    /// (`login`, `logout`, `sync`, `catalog sync`, `reader`) do not call this.
    static func openDemoIfUnconfigured(_ manager: StoresManager) async throws(ExitCode) {
        guard case .deauthenticated = manager.state else { return }
        do {
            try await manager.openDemo()
        } catch {
            Console.error(error)
            throw ExitStatus(error).exitCode
        }
        if manager.isDemo {
            FileHandle.standardError.write(Data((L10n.tr("cli.notice.demoOpened") + "\n").utf8))
        }
    }
}
