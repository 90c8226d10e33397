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

extension StorageFixtures {
    /// A priced cart for the sale writes: one line of `items` pieces costing `total` (minor units, EUR).
    static func pricedSale(total: Int64, items: Int = 1, code: String = "SKU-1") -> PricedSale {
        var order = OrderRecord(clientUUID: ClientUUID(UUID()), localNumber: 0, currency: .eur, pricesIncludeTax: true,
                                subtotal: total, total: total, createdAt: now)
        order.itemCount = items
        var line = OrderLineRecord(orderId: 0, position: 0, productId: 1, name: "Item", sku: code, quantity: max(items, 1),
                                   unitPrice: total / Int64(max(items, 1)), subtotal: total, subtotalTax: 0, total: total,
                                   totalTax: 0)
        line.code = code
        return PricedSale(order: order, lines: items > 0 ? [line] : [])
    }
}

extension StorageFixtures {
    /// The order columns v17-sale-is-order (and later migrations: v18-training) added (a test inserting an order into an
    /// older schema leaves them out).
    static let v17OrderColumns = ["state", "parkedName", "shiftId", "tseClient", "itemCount", "discountKind", "discountMicros",
                                  "priced", "revision", "training"]
}
