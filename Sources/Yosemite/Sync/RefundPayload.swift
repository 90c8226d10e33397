import Foundation
import Hardware
import Networking
import POSFoundation

/// The body of a `createRefund` outbox entry: `POST wc/v3/orders/{id}/refunds` with `amount`, `reason`,
/// `api_refund: false` (the money already went back on the terminal or in cash) and meta `_pos_refund_uuid`, by
/// which the sync engine finds a refund whose earlier send may have arrived before sending it again.
enum RefundPayload {
    /// The meta key that identifies a refund made at this counter.
    static let refundUUIDMetaKey = "_pos_refund_uuid"

    /// The JSON text of the body.
    static func text(amount: Money, reason: String, refundUUID: String, result: PaymentResult?) -> String {
        var meta: [JSONValue] = [["key": .string(refundUUIDMetaKey), "value": .string(refundUUID)]]
        if let receipt = result?.receiptNumber {
            meta.append(["key": .string("_pos_terminal_receipt"), "value": .string(String(receipt))])
        }
        let body: JSONValue = [
            "amount": .string(amount.decimalString), "reason": .string(reason), "api_refund": .bool(false),
            "meta_data": .array(meta),
        ]
        return String(decoding: body.encoded(), as: UTF8.self)
    }

    /// The amount in a queued body, in minor units of `currency`.
    static func amount(in payload: String, currency: Currency) -> Int64 {
        guard let body = try? JSONDecoder().decode(JSONValue.self, from: Data(payload.utf8)),
              let text = body.objectValue?["amount"]?.stringValue,
              let money = try? Money(parsing: text, currency: currency) else { return 0 }
        return money.minorUnits
    }
}
