import GRDB

/// Migration `v12-floor-devices`: goods sold by weight.
///
/// - `product.soldByWeight`: the product's price is a price per kilogram and a scan asks the scale for the weight
///   (set from the WooCommerce product meta `_pos_sold_by_weight`, see docs/hardware.md);
/// - `orderLine.weightGrams`: the net weight of a line sold by weight (from the scale or a weight label), kept as
///   it was sold so the receipt shows weight × price per kilogram (the line's `unitPrice` is then per kilogram).
enum FloorDevicesMigration {
    static func migrate(_ db: Database) throws {
        try db.alter(table: "product") { t in
            t.add(column: "soldByWeight", .boolean).notNull().defaults(to: false)
        }
        try db.alter(table: "orderLine") { t in
            t.add(column: "weightGrams", .integer)
        }
    }
}
