import Foundation
import POSFoundation

/// Turns a response body into a model.
///
/// Every mapper accepts both the plain REST body and the `{"data": …}` envelope (WordPress.com's Jetpack
/// tunnel and some proxies wrap bodies this way).
public protocol Mapper: Sendable {
    associatedtype Output: Sendable
    /// Maps a body.
    ///
    /// - Throws: A `DecodingError` describing what could not be read.
    func map(response: Data) throws -> Output
}

/// The JSON decoding every mapper shares: envelope detection and context in `userInfo`.
enum WooJSON {
    /// Decodes a `T` from a plain body, or from `{"data": T}` when the body is exactly such an envelope.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> T {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        // Only an object can be a `{"data": …}` envelope: a list is decoded once, not probed first.
        let opening = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if opening == UInt8(ascii: "{"), let probe = try? decoder.decode(EnvelopeProbe.self, from: data), probe.isEnvelope {
            return try decoder.decode(Envelope<T>.self, from: data).data
        }
        return try decoder.decode(T.self, from: data)
    }

    /// A readable summary of a decoding failure: where and what.
    static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop(while: { $0 == "." }))
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "null where \(type) was expected at \(path(context))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return String(describing: decodingError)
        }
    }

    private struct Envelope<Payload: Decodable>: Decodable {
        let data: Payload
    }

    /// Whether a body is an object whose only key is "data".
    private struct EnvelopeProbe: Decodable {
        let isEnvelope: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            let keys = container.allKeys.map(\.stringValue)
            isEnvelope = keys == ["data"]
        }
    }
}
