import POSFoundation

/// One `meta_data` entry of a WooCommerce object: `{id, key, value}`.
///
/// The value is whatever the plugin stored (a string, a number, an object…), kept as ``JSONValue``.
/// Entries sent to the server for creation have no `id`.
public struct MetaData: Hashable, Sendable, Codable {
    /// The entry's id, absent on entries not yet saved.
    public let id: RemoteID?
    /// The meta key, such as `_pos_client_uuid`.
    public let key: String
    /// The stored value.
    public let value: JSONValue

    public init(id: RemoteID? = nil, key: String, value: JSONValue) {
        self.id = id
        self.key = key
        self.value = value
    }

    private enum CodingKeys: String, CodingKey { case id, key, value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientInt64(.id)
        key = container.lenientString(.key) ?? ""
        value = (try? container.decodeIfPresent(JSONValue.self, forKey: .value)) ?? .null
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(key, forKey: .key)
        try container.encode(value, forKey: .value)
    }

    /// The body form `{"key":…, "value":…}` (with `id` when known, which updates instead of adding).
    public var json: JSONValue {
        var members: [String: JSONValue] = ["key": .string(key), "value": value]
        if let id { members["id"] = .int(id) }
        return .object(members)
    }
}

extension MetaData {
    /// Reads the entry at `index` of `tape`.
    init(reading tape: JSONTape, at index: Int) throws {
        let slots = try tape.object(at: index, keys: ["id", "key", "value"])
        id = JSONField(tape: tape, index: slots[0]).lenientInt64()
        key = JSONField(tape: tape, index: slots[1]).lenientString() ?? ""
        value = JSONField(tape: tape, index: slots[2]).jsonValue() ?? .null
    }
}

extension Array where Element == MetaData {
    /// The value of the first entry with a key.
    public func value(forKey key: String) -> JSONValue? {
        first(where: { $0.key == key })?.value
    }
}
