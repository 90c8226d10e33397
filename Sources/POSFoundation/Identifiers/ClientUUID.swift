import Foundation

/// The identity a counter gives a record before any server has seen it.
///
/// WooCommerce has no idempotency key, so every local order carries one of these in its `meta_data`
/// (`_pos_client_uuid`); before re-sending a create whose outcome is unknown, the sync engine looks it up.
/// Always written in lower case.
public struct ClientUUID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let rawValue: UUID

    public init(_ uuid: UUID) { rawValue = uuid }

    /// Parses "3f2504e0-4f89-11d3-9a0c-0305e82c3301" (any case); `nil` if it is not a UUID.
    public init?(string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        rawValue = uuid
    }

    public var description: String { rawValue.uuidString.lowercased() }

    public static func < (lhs: ClientUUID, rhs: ClientUUID) -> Bool { lhs.description < rhs.description }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let uuid = UUID(uuidString: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a UUID: \(text)")
        }
        rawValue = uuid
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A WooCommerce object id (product, order, customer…). The server's ids are 64-bit integers.
public typealias RemoteID = Int64
