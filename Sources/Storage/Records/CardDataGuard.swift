import Foundation

/// Refuses JSON whose keys name card data that must never be stored: a full card number, track data, an
/// expiry date or a card security code. Last four digits (`last4`, `cardLast4`, `maskedPan`) are allowed.
enum CardDataGuard {
    /// Normalised key names (lower case, no `_`/`-`) that are refused.
    static let forbidden: Set<String> = [
        "pan", "cardnumber", "primaryaccountnumber", "track1", "track2", "track3", "trackdata",
        "expiry", "expirydate", "expdate", "expirationdate", "expiration", "cvv", "cvc", "cvv2", "cvc2",
    ]

    /// The first forbidden key found at any depth of `json`, or `nil`. Text that is not JSON has no keys.
    static func forbiddenKey(inJSON json: String) -> String? {
        guard let data = json.data(using: .utf8),
              let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        return forbiddenKey(in: value)
    }

    private static func forbiddenKey(in value: Any) -> String? {
        if let object = value as? [String: Any] {
            for (key, nested) in object {
                let normalised = key.lowercased().filter { $0 != "_" && $0 != "-" }
                if forbidden.contains(normalised) { return key }
                if let found = forbiddenKey(in: nested) { return found }
            }
        } else if let array = value as? [Any] {
            for nested in array {
                if let found = forbiddenKey(in: nested) { return found }
            }
        }
        return nil
    }
}
