import ArgumentParser
import Composition
import Counter
import Foundation
import Localization
import Storage
import Yosemite

/// `pos counter`: the full-screen counter on this terminal (the demo store when nothing is configured).
struct CounterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "counter",
        abstract: L10n.tr("cli.counter.abstract"),
        discussion: L10n.tr("cli.counter.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions
    @OptionGroup var scanner: ScannerOptions

    func run() async throws {
        try await Self.open(directory: try data.resolve(), scanner: scanner)
    }

    /// Opens the session (seeding the demo store if nothing is configured) and runs the counter until Ctrl-Q.
    @MainActor
    static func open(directory: URL, scanner: ScannerOptions) async throws {
        let manager = try LiveSession.open(directory, integrity: .everything)
        let settings: StoreSettings
        do {
            if !manager.canSell { try await manager.openDemo() }
            let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
            guard let store = status.store else { throw CounterError.sessionUnavailable(L10n.tr("cli.counter.error.noStoreSettings")) }
            settings = store
        } catch let error as AccountError {
            Console.error(error)
            throw ExitStatus(error).exitCode
        } catch let error as SettingError {
            Console.error(error)
            throw ExitStatus.storageFailure.exitCode
        } catch let error as CounterError {
            Console.error(error)
            throw ExitStatus.notLoggedIn.exitCode
        }
        // Scanner thresholds: the options when given, else what the settings screen saved.
        let saved = try? await manager.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
        let scanSettings = scanner.settings(saved: saved)
        // The screen's language: the counter's setting, else LC_ALL/LC_MESSAGES/LANG, else the store's site language.
        L10n.setScreenLanguage(Language.resolve(setting: saved?.language.flatMap(Language.init(rawValue:)),
                                                environment: ProcessInfo.processInfo.environment,
                                                store: settings.language.flatMap(Language.init(localeIdentifier:))))
        let screen: CursesScreen
        do {
            screen = try CursesScreen()
        } catch {
            Console.error(error)
            throw ExitStatus.usage.exitCode
        }
        redirectStandardError(to: directory)
        // The customer display (pos display on another terminal) and the pole display, as the settings ask.
        let displays = CustomerDisplays.start(stores: manager, settings: saved ?? AppSettings(),
                                              moneyFormat: settings.moneyFormat, language: (saved ?? AppSettings()).paperLanguage(store: settings),
                                              storeName: settings.storeName, dataDirectory: directory,
                                              logger: LoggingSetup.logger())
        let app = CounterApp(stores: manager, settings: settings, screen: screen, scanSettings: scanSettings,
                             frameLog: FrameLog.fromEnvironment(), registerSetting: LiveRegisterSetting(directory: directory))
        await app.run()
        displays?.stop()
        screen.close()
    }

    /// Log lines would scribble over the screen: while the counter runs they go to `<data dir>/logs/counter.log`.
    private static func redirectStandardError(to directory: URL) {
        let logs = directory.appendingPathComponent("logs", isDirectory: true)
        try? FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let fd = Foundation.open(logs.appendingPathComponent("counter.log").path, O_WRONLY | O_APPEND | O_CREAT, 0o640)
        if fd >= 0 {
            dup2(fd, STDERR_FILENO)
            close(fd)
        }
    }
}

/// The barcode scanner's thresholds, as options.
struct ScannerOptions: ParsableArguments {
    @Option(help: .tr("cli.counter.scanGapMs.help"))
    var scanGapMs: Int?

    @Option(help: .tr("cli.counter.scanMinLength.help"))
    var scanMinLength: Int?

    /// The thresholds: these options, else the saved settings, else the defaults.
    func settings(saved: AppSettings?) -> ScanDetector.Settings {
        ScanDetector.Settings(minimumLength: scanMinLength ?? saved?.scanMinLength ?? 4,
                              maximumGap: .milliseconds(scanGapMs ?? saved?.scanGapMs ?? 30))
    }
}
