import Foundation
import Logging
import Networking
import POSFoundation
import Storage
import Yosemite

extension AppEnvironment {
    /// The production environment for a data directory: the database on disk, AsyncHTTPClient networking, the
    /// real clocks. The only place pos builds live dependencies.
    static func live(dataDirectory: URL, logger: Logger) throws -> AppEnvironment {
        let database = try AppDatabase.openOnDisk(
            at: dataDirectory.appendingPathComponent(AppEnvironment.FileName.database).path,
            dates: .live
        )
        return AppEnvironment(
            clock: ContinuousClock(),
            now: .live,
            uuid: .live,
            dataDirectory: dataDirectory,
            database: database,
            files: FileStorage(),
            makeNetwork: { credentials in HTTPClientNetwork(credentials: credentials, timeout: .seconds(30)) },
            logger: logger,
            printers: .live(dataDirectory: dataDirectory),
            makeCardReaderService: { currency in LiveReaderTransports.cardReaderService(currency: currency) }
        )
    }
}

/// Logging goes to standard error, at the level in `POS_LOG_LEVEL` (default: warning). Card data, passwords and
/// tokens are never logged by any module.
enum LoggingSetup {
    static func logger() -> Logger {
        var logger = Logger(label: "pos")
        let level = ProcessInfo.processInfo.environment["POS_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
        logger.logLevel = level ?? .warning
        return logger
    }
}
