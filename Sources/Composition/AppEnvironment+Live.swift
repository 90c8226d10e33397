import Foundation
import Hardware
import HardwareLinux
import Logging
import Networking
import POSFoundation
import Storage
import TSESimulator
import Yosemite

extension AppEnvironment {
    /// The production environment for a data directory: the database on disk, AsyncHTTPClient networking, the
    /// real clocks. The only place pos builds live dependencies.
    ///
    /// `integrity` is how much of the database is checked at opening: a command checks the counter's own records,
    /// the long-running counter the whole file (see ``AppDatabase/IntegrityScope``).
    public static func live(
        dataDirectory: URL, logger: Logger, integrity: AppDatabase.IntegrityScope = .records
    ) throws -> AppEnvironment {
        let database = try AppDatabase.openOnDisk(
            at: dataDirectory.appendingPathComponent(AppEnvironment.FileName.database).path,
            dates: .live,
            integrity: integrity
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
            makeCardReaderService: { currency in
                LiveReaderTransports.cardReaderService(currency: currency, dataDirectory: dataDirectory)
            },
            makeFiscalSigner: fiscalSigners(dataDirectory: dataDirectory),
            deviceMonitor: LiveDevices.monitor(),
            makeSerialTransport: LiveDeviceTransports.transport(for:)
        )
    }

    /// fiskaly's API with the saved credentials (`fiskaly-credentials.json`), or nil when none are saved.
    public static func fiskalyRemote(dataDirectory: URL) -> FiskalyRemote? {
        guard let credentials = try? FiskalyCredentialsFile(dataDirectory: dataDirectory).load(),
              let site = try? SiteAddress(credentials.baseURL) else { return nil }
        let network = HTTPClientNetwork(credentials: Credentials(site: site, username: "", applicationPassword: ""),
                                        timeout: .seconds(10))
        return FiskalyRemote(network: network, credentials: credentials)
    }

    /// The TSE for a mode: the demo store's simulated TSE persisted in the data directory; for a real store
    /// fiskaly's, when the fiscal settings name the TSS, client and register serial and the credentials file
    /// exists (built once per process, so one token serves every call); otherwise none.
    public static func fiscalSigners(dataDirectory: URL) -> @Sendable (FiscalMode) -> (any FiscalSigner)? {
        let settings = FiscalSettings.load(dataDirectory: dataDirectory)
        var live: FiskalySigner?
        if let configuration = settings.fiskalyConfiguration, let remote = fiskalyRemote(dataDirectory: dataDirectory) {
            live = FiskalySigner(remote: remote, configuration: configuration)
        }
        let demoSerial = settings.registerSerial(for: .demo) ?? FiscalSettings.demoRegisterSerial
        return { [live] mode in
            switch mode {
            case .demo: PersistentFiscalSigner(directory: dataDirectory, clientSerial: demoSerial)
            case .live, .training: live
            }
        }
    }
}

/// Logging goes to standard error, at the level in `POS_LOG_LEVEL` (default: warning). Card data, passwords and
/// tokens are never logged by any module.
public enum LoggingSetup {
    public static func logger() -> Logger {
        var logger = Logger(label: "pos")
        let level = ProcessInfo.processInfo.environment["POS_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
        logger.logLevel = level ?? .warning
        return logger
    }
}
