import POSFoundation
import Foundation
import Storage
import Synchronization

/// Reads and writes the store's settings in the local database, as one JSON value under a fixed key.
struct SettingsRepository: Sendable {
    static let storeSettingsKey = "store.settings"

    let database: AppDatabase

    func save(_ settings: StoreSettings) async throws {
        let data = try JSONEncoder().encode(settings)
        let text = String(decoding: data, as: UTF8.self)
        try await database.setSetting(key: Self.storeSettingsKey, value: text)
    }

    func load() async throws -> StoreSettings? {
        guard let text = try await database.setting(key: Self.storeSettingsKey) else { return nil }
        if let decoded = Self.lastDecoded.locked({ $0 }), decoded.text == text { return decoded.settings }
        let settings = try JSONDecoder().decode(StoreSettings.self, from: Data(text.utf8))
        Self.lastDecoded.locked { $0 = (text, settings) }
        return settings
    }

    /// The settings last decoded and their stored text. The database stays the truth (every load reads the text),
    /// but the same text is not decoded again: each sale opened loads the settings, and decoding them cost more
    /// than the rest of the read.
    private static let lastDecoded = Mutex<(text: String, settings: StoreSettings)?>(nil)
}
