import Foundation
import Hardware
import Localization

extension AppSettings {
    /// The barcode layouts in force (none when unset or unreadable: a bad text is refused when it is saved).
    public var embeddedBarcodeSettings: EmbeddedBarcodeSettings {
        guard let text = embeddedBarcodes else { return .none }
        return (try? EmbeddedBarcodeSettings(parsing: text)) ?? .none
    }

    /// Whether `pos display` is served.
    public var servesCustomerDisplay: Bool { customerDisplay ?? false }

    /// Why the store-floor device settings cannot be saved, or `nil` when they can.
    public var floorDeviceProblem: String? {
        if let text = embeddedBarcodes {
            do throws(EmbeddedBarcodeError) { _ = try EmbeddedBarcodeSettings(parsing: text) } catch { return L10n.tr("error.appSettings.invalid.barcodeLayouts", ["error": error.message]) }
        }
        if let language, Language(rawValue: language) == nil {
            return L10n.tr("error.appSettings.invalid.language")
        }
        if let paperLanguage, Language(rawValue: paperLanguage) == nil {
            return L10n.tr("error.appSettings.invalid.paperLanguage")
        }
        if let address = poleDisplayAddress, (try? DeviceAddress(address, expecting: .display)) == nil {
            return L10n.tr("error.appSettings.invalid.poleDisplay", ["address": address])
        }
        if let address = scaleAddress, (try? DeviceAddress(address, expecting: .scale)) == nil {
            return L10n.tr("error.appSettings.invalid.scale", ["address": address])
        }
        return nil
    }
}

/// The store-floor device settings, by the names the command line and the settings screen use.
public enum FloorDeviceSetting: String, CaseIterable, Hashable, Sendable {
    /// `display+serial:///dev/ttyUSB1`: the serial pole display.
    case poleDisplay = "pole-display"
    /// `on` or `off`: whether the counter serves `pos display`.
    case customerDisplay = "customer-display"
    /// `scale+serial:///dev/ttyUSB2`: the scale.
    case scale
    /// `28-29:IIIIIVVVVV:weight; 21:IIIIICVVVV:price`: the weight/price barcode layouts.
    case barcodeLayouts = "barcode-layouts"
    /// `en` or `de`: the counter screen's language (empty: `LANG`, else the store's site language).
    case language
    /// `de`, `en` or `store`: the language of paper and the customer displays (`store`, or unset: the store's site
    /// language). On the demo store it renames the demo's products too.
    case paperLanguage = "paper-language"

    /// What the setting means, with an example.
    public var help: String {
        switch self {
        case .poleDisplay: L10n.tr("settings.floor.help.poleDisplay")
        case .customerDisplay: L10n.tr("settings.floor.help.customerDisplay")
        case .scale: L10n.tr("settings.floor.help.scale")
        case .barcodeLayouts: L10n.tr("settings.floor.help.barcodeLayouts")
        case .language: L10n.tr("settings.floor.help.language")
        case .paperLanguage: L10n.tr("settings.floor.help.paperLanguage")
        }
    }
}

extension AppSettings {
    /// A setting's value as typed; `nil` when unset.
    public func value(of setting: FloorDeviceSetting) -> String? {
        switch setting {
        case .poleDisplay: poleDisplayAddress
        case .customerDisplay: customerDisplay.map { $0 ? "on" : "off" }
        case .scale: scaleAddress
        case .barcodeLayouts: embeddedBarcodes
        case .language: language
        case .paperLanguage: paperLanguage
        }
    }

    /// Sets a setting from typed text (`nil` or empty clears it).
    ///
    /// - Returns: Why the text is refused (nothing changes then), or `nil`.
    public mutating func set(_ setting: FloorDeviceSetting, to text: String?) -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespaces)
        let value = trimmed?.isEmpty == false ? trimmed : nil
        var next = self
        switch setting {
        case .poleDisplay: next.poleDisplayAddress = value
        case .scale: next.scaleAddress = value
        case .barcodeLayouts: next.embeddedBarcodes = value
        case .language: next.language = value.flatMap { Language(localeIdentifier: $0)?.rawValue ?? $0 }
        case .paperLanguage:
            // "store" says "follow the store's site language", as unset does.
            next.paperLanguage = value.flatMap { $0.lowercased() == "store" ? nil : Language(localeIdentifier: $0)?.rawValue ?? $0 }
        case .customerDisplay:
            switch value?.lowercased() {
            case nil: next.customerDisplay = nil
            case "on", "yes", "true", "1": next.customerDisplay = true
            case "off", "no", "false", "0": next.customerDisplay = false
            default: return L10n.tr("error.appSettings.invalid.customerDisplay")
            }
        }
        if let problem = next.floorDeviceProblem { return problem }
        self = next
        return nil
    }
}

extension AppSettings {
    /// The language paper and the customer displays speak: the counter's paper-language setting, else the store's
    /// site language.
    public func paperLanguage(store: StoreSettings) -> Language {
        paperLanguage.flatMap(Language.init(rawValue:)) ?? store.siteLanguage
    }
}
