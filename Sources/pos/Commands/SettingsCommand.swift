import ArgumentParser
import Foundation
import Localization
import Yosemite

/// `pos settings show|set|unset`: this counter's store-floor devices (the same settings as the counter's
/// Settings screen): the pole display, the customer display, the scale and the weight/price barcode layouts.
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: L10n.tr("cli.settings.abstract"),
        discussion: L10n.tr("cli.settings.discussion", [
            "keys": FloorDeviceSetting.allCases.map { "\($0.rawValue): \($0.help)" }.joined(separator: "\n"),
        ]),
        subcommands: [Show.self, Set.self, Unset.self]
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: L10n.tr("cli.settings.2.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            let (settings, isDemo) = try await SettingsCommand.load(data)
            if json {
                // Every key, its value or null when unset (the same keys `pos settings set` takes).
                var values: [String: String?] = [:]
                for setting in FloorDeviceSetting.allCases { values[setting.rawValue] = .some(settings.value(of: setting)) }
                return try Console.json(values)
            }
            for setting in FloorDeviceSetting.allCases {
                Console.out("\(setting.rawValue): \(settings.value(of: setting) ?? SettingsCommand.unset(setting, isDemo: isDemo))")
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: L10n.tr("cli.settings.3.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.settings.key.help")) var key: String
        @Argument(help: .tr("cli.settings.set.value.help"))
        var value: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            try await SettingsCommand.change(data, key, to: value, json: json)
        }
    }

    struct Unset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset", abstract: L10n.tr("cli.settings.4.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.settings.key.help")) var key: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            try await SettingsCommand.change(data, key, to: nil, json: json)
        }
    }

    /// The saved settings, and whether this is the demo store.
    @MainActor
    static func load(_ data: DataDirectoryOptions) async throws -> (AppSettings, isDemo: Bool) {
        let manager = try LiveSession.open(try data.resolve())
        do throws(AppSettingsError) {
            let settings = try await manager.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
            return (settings, manager.isDemo)
        } catch {
            Console.error(error)
            throw ExitStatus.storageFailure.exitCode
        }
    }

    /// The `--json` shape of `pos settings set|unset`: the key and its value as saved (null when unset), as `pos
    /// settings show --json` writes it. Stable: scripts read it.
    struct Changed: Encodable {
        var key: String
        var value: String?

        enum CodingKeys: String, CodingKey { case key, value }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encode(value, forKey: .value)  // null, not absent, when unset
        }
    }

    @MainActor
    static func change(_ data: DataDirectoryOptions, _ key: String, to value: String?, json: Bool) async throws {
        guard let setting = FloorDeviceSetting(rawValue: key) else {
            Console.error(L10n.tr("cli.settings.error.unknown", [
                "key": key, "settings": FloorDeviceSetting.allCases.map(\.rawValue).joined(separator: ", "),
            ]))
            throw ExitStatus.usage.exitCode
        }
        var check = AppSettings()
        if let problem = check.set(setting, to: value) {
            Console.error(problem)
            throw ExitStatus.usage.exitCode
        }
        let manager = try LiveSession.open(try data.resolve())
        let saved: AppSettings
        do throws(AppSettingsError) {
            saved = try await manager.dispatch {
                AppSettingsAction.updateAppSettings({ _ = $0.set(setting, to: value) }, reply: $0)
            }
        } catch {
            Console.error(error)
            throw ExitStatus.storageFailure.exitCode
        }
        if json { return try Console.json(Changed(key: setting.rawValue, value: saved.value(of: setting))) }
        Console.out("\(setting.rawValue): \(saved.value(of: setting) ?? unset(setting, isDemo: manager.isDemo))")
    }

    /// What an unset setting means, in the settings screen's words ("off", "automatic (LANG, else the store's)"),
    /// rather than "none" for all of them. With no scale set, the demo store weighs on its simulator.
    static func unset(_ setting: FloorDeviceSetting, isDemo: Bool) -> String {
        switch setting {
        case .poleDisplay, .barcodeLayouts: L10n.tr("cli.settings.out.none")
        case .scale: L10n.tr(isDemo ? "settings.value.simulator" : "cli.settings.out.none")
        case .customerDisplay: L10n.tr("settings.value.off")
        case .language: L10n.tr("settings.value.language.automatic")
        case .paperLanguage: L10n.tr("settings.value.paperLanguage.store")
        }
    }
}
