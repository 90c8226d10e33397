import Foundation
import Synchronization

/// Makes UUIDs: random in production, predictable in tests.
///
/// ```swift
/// let uuid = UUIDGenerator.incrementing()
/// uuid()   // 00000000-0000-0000-0000-000000000000
/// uuid()   // 00000000-0000-0000-0000-000000000001
/// ```
public struct UUIDGenerator: Sendable {
    private let make: @Sendable () -> UUID

    public init(_ make: @escaping @Sendable () -> UUID) { self.make = make }

    public func callAsFunction() -> UUID { make() }

    /// A new `ClientUUID`.
    public func client() -> ClientUUID { ClientUUID(make()) }

    /// Random version-4 UUIDs.
    public static let live = UUIDGenerator { UUID() }

    /// Always the same UUID.
    public static func constant(_ uuid: UUID) -> UUIDGenerator { UUIDGenerator { uuid } }

    /// 00000000-0000-0000-0000-000000000000, …01, …02: readable, ordered, unique per generator.
    public static func incrementing() -> UUIDGenerator {
        let counter = Mutex<UInt64>(0)
        return UUIDGenerator {
            let value = counter.locked { value -> UInt64 in
                defer { value += 1 }
                return value
            }
            let hex = String(value, radix: 16)
            let padded = String(repeating: "0", count: 12 - min(12, hex.count)) + hex
            // Force unwrap is safe: the string is a well-formed UUID by construction.
            return UUID(uuidString: "00000000-0000-0000-0000-\(padded)") ?? UUID()
        }
    }
}
