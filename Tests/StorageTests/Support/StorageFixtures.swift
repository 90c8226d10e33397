import Foundation
import GRDB
import POSFoundation
@testable import Storage

/// Shared fixtures for Storage tests.
enum StorageFixtures {
    /// A fixed wall-clock time, whole seconds so it survives GRDB's millisecond text format.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func inMemoryDatabase() throws -> AppDatabase {
        try AppDatabase.inMemory(dates: .constant(now))
    }

    static func product(_ id: Int64, name: String, sku: String? = nil, gtin: String? = nil) -> ProductRecord {
        ProductRecord(
            id: id, name: name, sku: sku, globalUniqueId: gtin, price: "1.50", regularPrice: "1.50",
            priceMinorUnits: 150, dateModified: now)
    }

    static func variation(_ id: Int64, of productId: Int64, sku: String? = nil, gtin: String? = nil) -> ProductVariationRecord {
        ProductVariationRecord(
            id: id, productId: productId, name: "Size L",
            attributes: [.init(name: "Size", option: "L")], sku: sku, globalUniqueId: gtin, price: "2.00")
    }

    static func order(localNumber: Int64 = 1, uuid: UUIDGenerator = .incrementing()) -> OrderRecord {
        OrderRecord(
            clientUUID: uuid.client(), localNumber: localNumber, currency: .eur, pricesIncludeTax: true,
            subtotal: 1000, totalTax: 160, total: 1000, createdAt: now)
    }
}

/// A temporary directory removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pos-storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The permission bits of a file.
func filePermissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
