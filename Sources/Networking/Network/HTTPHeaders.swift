import Foundation
/// Response headers with case-insensitive names (`X-WP-Total` and `x-wp-total` are the same header).
public struct HTTPHeaders: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
    private var storage: [String: String]

    public init(_ headers: [String: String] = [:]) {
        storage = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }

    /// The value of a header, whatever the case of its name.
    public subscript(name: String) -> String? {
        get { storage[name.lowercased()] }
        set { storage[name.lowercased()] = newValue }
    }

    /// An integer header such as `X-WP-Total`.
    public func integer(_ name: String) -> Int? {
        self[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    public func makeIterator() -> Dictionary<String, String>.Iterator { storage.makeIterator() }
}
