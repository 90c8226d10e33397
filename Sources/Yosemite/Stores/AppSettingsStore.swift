import Foundation
import Localization
import Logging
import Storage

/// Reads and writes this counter's settings (printer, paper width, reader, cashier).
@MainActor
public final class AppSettingsStore: Store, ActionsProcessor {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: AppSettingsAction) async throws(AppSettingsError) -> Replied {
        switch action {
        case let .loadAppSettings(reply):
            return reply(try load())
        case let .updateAppSettings(update, reply):
            let before = try load()
            let saved = try save(before, applying: update)
            if saved.paperLanguage != before.paperLanguage {
                // On the demo store the paper language names the demo's products too.
                do {
                    try await DemoStoreSeeder(environment: environment).followPaperLanguage(saved)
                } catch {
                    environment.logger.warning("demo: the demo's products could not be renamed: \(error)")
                }
            }
            return reply(saved)
        }
    }

    private var fileURL: URL { environment.file(AppEnvironment.FileName.appSettings) }

    private func load() throws(AppSettingsError) -> AppSettings {
        do {
            return try environment.files.read(AppSettings.self, from: fileURL) ?? AppSettings()
        } catch {
            throw .file(StorageError(wrapping: error))
        }
    }

    private func save(_ settings: AppSettings, applying update: (inout AppSettings) -> Void) throws(AppSettingsError) -> AppSettings {
        var updated = settings
        update(&updated)
        guard AppSettings.receiptWidths.contains(updated.receiptWidth) else {
            throw .invalid(L10n.tr("error.appSettings.invalid.receiptWidth", ["width": String(updated.receiptWidth)]))
        }
        if let problem = updated.floorDeviceProblem { throw .invalid(problem) }
        do {
            try environment.files.write(updated, to: fileURL, permissions: 0o600)
            return updated
        } catch {
            throw .file(StorageError(wrapping: error))
        }
    }
}
