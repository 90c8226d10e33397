import ArgumentParser
import Composition
import Foundation
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
}
