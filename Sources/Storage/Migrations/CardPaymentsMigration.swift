import GRDB

/// Migration `v5-card-payments`: what resolving a card attempt needs across a restart, and sales awaiting payment.
///
/// `paymentJournal.previousReceiptNumber` is the terminal's last receipt number known before the request left;
/// `paymentJournal.receiptNumber` is the attempt's own receipt number once approved (the next attempt's
/// previous number when the driver has seen none); `paymentJournal.note` says why a row was resolved by hand.
/// `orderAwaitingPayment` holds the `POST orders` body of a card sale until it is paid: the outbox gets nothing
/// for an order that is not paid.
enum CardPaymentsMigration {
    static func migrate(_ db: Database) throws {
        try db.alter(table: "paymentJournal") { t in
            t.add(column: "previousReceiptNumber", .integer)
            t.add(column: "receiptNumber", .integer)
            t.add(column: "note", .text)
        }
        try db.create(index: "paymentJournal_on_readerId", on: "paymentJournal", columns: ["readerId", "startedAt"])
        try db.create(table: "orderAwaitingPayment") { t in
            t.primaryKey("orderId", .integer).references("order", onDelete: .cascade)
            t.column("createPayload", .text).notNull()
            t.column("createdAt", .datetime).notNull()
        }
    }
}
