import ArgumentParser
import Composition
import Foundation
import POSFoundation
import Yosemite

/// Opens the live environment and the stores for a data directory: what every command starts with.
@MainActor
enum LiveSession {
    /// The stores manager on the live environment, or the storage-failure exit after saying why.
    static func open(_ directory: URL) throws(ExitCode) -> StoresManager {
        do {
            let environment = try AppEnvironment.live(dataDirectory: directory, logger: LoggingSetup.logger())
            return StoresManager(environment: environment)
        } catch {
            Console.openFailure(error, directory: directory)
            throw ExitStatus.storageFailure.exitCode
        }
    }
}
