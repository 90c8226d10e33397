import GRDB

/// The database schema's history: named migrations, applied in order, never edited once released.
///
/// Add a change as a new migration with a new name at the end of ``all``; never rename, reorder or edit a
/// released one. Migrations build tables with literal names and columns, not through record types, so a
/// record can change later without rewriting history.
///
/// ```swift
/// let migrator = AppMigrations.makeMigrator()
/// try migrator.migrate(dbQueue, upTo: AppMigrations.settingsCatalog)
/// ```
public enum AppMigrations {
    /// Settings, the catalog (products, variations, categories, barcodes, search), customers, coupons, taxes,
    /// sync state.
    public static let settingsCatalog = "v1-settings-catalog"
    /// Local orders with their lines, fees, coupons, taxes and payments, and the sync outbox.
    public static let ordersOutbox = "v2-orders-outbox"
    /// The card payment journal and stored receipts.
    public static let paymentsReceipts = "v3-payments-receipts"
    /// The outbox's `uncertain` flag, for the sync engine's lookup before a resend.
    public static let syncOutbox = "v4-sync-outbox"
    /// The journal's previous and own receipt numbers, and card sales awaiting payment.
    public static let cardPayments = "v5-card-payments"
    /// Cashier shifts with their cash movements and Z reports.
    public static let shifts = "v6-shifts"
    /// Sales as checkouts (open, parked, completed, voided) with their tenders; the journal's sale.
    public static let checkout = "v7-checkout"
    /// The TSE journal of each sale and the TSE outages (German fiscal law).
    public static let fiscal = "v8-fiscal"
    /// The customer search index and the "no sale" drawer opens.
    public static let counter = "v9-counter"
    /// The register and cashier of each order (several counters per shop).
    public static let registers = "v10-registers"
    /// The TSE journal of refunds and cash movements (KassenSichV: every Vorgang is signed).
    public static let fiscalMovements = "v11-fiscal-movements"
    /// Goods sold by weight: the product's marker and the weight of an order line.
    public static let floorDevices = "v12-floor-devices"
    /// Cashiers with salted, slow-hashed PINs, their sign-ins and the manager approvals.
    public static let cashiers = "v13-cashiers"
    /// The card terminal's end of day of each shift's closing, and order lines sold as manual items.
    public static let closing = "v14-closing"
    /// A redundant index of the catalog's category links dropped.
    public static let catalogIndexes = "v15-catalog-indexes"
    /// One receipt-number series per register for every fiscal transaction; the register and TSE client a sale
    /// was opened with.
    public static let receiptSeries = "v16-receipt-series"
    /// The sale stored once, as its order, from the first scan: the order's lifecycle, the cart's input on its lines,
    /// every tender a payment; `sale` and `saleTender` gone.
    public static let saleIsOrder = "v17-sale-is-order"
    /// Training mode: the order's training mark.
    public static let training = "v18-training"

    /// Every migration name, oldest first.
    public static let all = [settingsCatalog, ordersOutbox, paymentsReceipts, syncOutbox, cardPayments, shifts, checkout, fiscal, counter, registers, fiscalMovements,
                             floorDevices, cashiers, closing, catalogIndexes, receiptSeries, saleIsOrder, training]

    /// The migrator that brings any earlier database to the current schema.
    public static func makeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(settingsCatalog, migrate: SettingsCatalogMigration.migrate)
        migrator.registerMigration(ordersOutbox, migrate: OrdersOutboxMigration.migrate)
        migrator.registerMigration(paymentsReceipts, migrate: PaymentsReceiptsMigration.migrate)
        migrator.registerMigration(syncOutbox, migrate: SyncOutboxMigration.migrate)
        migrator.registerMigration(cardPayments, migrate: CardPaymentsMigration.migrate)
        migrator.registerMigration(shifts, migrate: ShiftsMigration.migrate)
        migrator.registerMigration(checkout, migrate: CheckoutMigration.migrate)
        migrator.registerMigration(fiscal, migrate: FiscalMigration.migrate)
        migrator.registerMigration(counter, migrate: CounterMigration.migrate)
        migrator.registerMigration(registers, migrate: RegistersMigration.migrate)
        migrator.registerMigration(fiscalMovements, migrate: FiscalMovementsMigration.migrate)
        migrator.registerMigration(floorDevices, migrate: FloorDevicesMigration.migrate)
        migrator.registerMigration(cashiers, migrate: CashiersMigration.migrate)
        migrator.registerMigration(closing, migrate: ClosingMigration.migrate)
        migrator.registerMigration(catalogIndexes, migrate: CatalogIndexesMigration.migrate)
        migrator.registerMigration(receiptSeries, migrate: ReceiptSeriesMigration.migrate)
        migrator.registerMigration(saleIsOrder, migrate: SaleIsOrderMigration.migrate)
        migrator.registerMigration(training, migrate: TrainingMigration.migrate)
        return migrator
    }
}
