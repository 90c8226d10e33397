import POSFoundation

/// One setting of a group (`GET /wc/v3/settings/general`), such as `woocommerce_currency`.
///
/// ``value`` is the setting as text: strings as they are, numbers in decimal notation, bools as "yes"/"no"
/// style text when sent as strings, and arrays (multiselect) joined with ",". ``values`` keeps the list.
public struct SiteSetting: Hashable, Sendable, Decodable {
    public let id: String
    public let label: String
    public let description: String
    /// The value as text ("USD", "2", "US:NY", "CA,US").
    public let value: String
    /// The elements when the value is a list (multiselect), else `[value]` or `[]` when empty.
    public let values: [String]
    /// "text", "select", "multiselect", "checkbox", "number"…
    public let type: String
    public let defaultValue: String
    /// The allowed options of a select: value → label.
    public let options: [String: String]

    enum CodingKeys: String, CodingKey {
        case id, label, description, value, type, options
        case defaultValue = "default"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.string(.id)
        label = c.string(.label)
        description = c.string(.description)
        type = c.string(.type)
        let raw = (try? c.decodeIfPresent(JSONValue.self, forKey: .value)) ?? .null
        switch raw {
        case .array(let elements):
            values = elements.compactMap(\.stringValue)
            value = values.joined(separator: ",")
        case .object(let members):
            values = members.keys.sorted().compactMap { members[$0]?.stringValue }
            value = values.joined(separator: ",")
        default:
            value = raw.stringValue ?? ""
            values = value.isEmpty ? [] : [value]
        }
        let defaultRaw = (try? c.decodeIfPresent(JSONValue.self, forKey: .defaultValue)) ?? .null
        defaultValue = defaultRaw.stringValue ?? defaultRaw.arrayValue?.compactMap(\.stringValue).joined(separator: ",") ?? ""
        var options: [String: String] = [:]
        if case .object(let members)? = try? c.decodeIfPresent(JSONValue.self, forKey: .options) {
            for (key, label) in members {
                if let text = label.stringValue { options[key] = text }
                // Grouped options (optgroups) are flattened one level.
                if case .object(let group) = label {
                    for (innerKey, innerLabel) in group { options[innerKey] = innerLabel.stringValue ?? innerKey }
                }
            }
        }
        self.options = options
    }
}

extension Array where Element == SiteSetting {
    /// The value of the setting with an id, such as `woocommerce_currency`.
    public func value(for id: String) -> String? {
        first(where: { $0.id == id })?.value
    }
}
