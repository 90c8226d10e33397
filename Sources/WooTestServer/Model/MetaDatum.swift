import Foundation

/// One `meta_data` entry.
public struct MetaDatum: Sendable, Equatable {
    /// The meta id.
    public var id: Int64
    /// The key.
    public var key: String
    /// The value (any JSON).
    public var value: JSON

    public init(id: Int64, key: String, value: JSON) {
        self.id = id
        self.key = key
        self.value = value
    }

    var json: JSON { .object([("id", .int(id)), ("key", .string(key)), ("value", value)]) }

    /// Merges posted `meta_data` into `existing` the way WooCommerce does: by `id` when given, else by key;
    /// a `null` value deletes the key.
    static func merge(_ posted: JSON?, into existing: inout [MetaDatum], nextID: () -> Int64) {
        guard let items = posted?.arrayValue else { return }
        for item in items {
            guard let key = item["key"]?.stringValue else { continue }
            let value = item["value"] ?? .null
            let index = item["id"]?.intValue.flatMap { id in existing.firstIndex { $0.id == id } }
                ?? existing.firstIndex { $0.key == key }
            if value == .null {
                if let index { existing.remove(at: index) }
            } else if let index {
                existing[index].key = key
                existing[index].value = value
            } else {
                existing.append(MetaDatum(id: nextID(), key: key, value: value))
            }
        }
    }
}
