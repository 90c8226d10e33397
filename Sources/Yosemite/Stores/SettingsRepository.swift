import Foundation
import Storage

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
        return try JSONDecoder().decode(StoreSettings.self, from: Data(text.utf8))
    }
}
