import Foundation
import Localization
import POSFoundation
import Yosemite

/// Reads what the cashier typed into a sell-screen prompt. Pure.
public enum SellPromptParser {
    /// A parsed prompt.
    public enum Outcome: Hashable, Sendable {
        case quantity(Int)
        case discount(Cart.Discount?, label: String?)
        case lineDiscount(Cart.Discount?, label: String?)
        case coupon(String?)
        case customer(Int64?)
        case parkName(String)
        case manualItem(Cart.Item)
        case failure(String)
    }

    /// Parses `text` for `prompt`; empty text removes a discount, coupon or customer. Amounts are read in the store's
    /// `currency` and with its `separators`, by the parsers `pos sell` uses too
    /// (``Cart/Discount/init(typed:currency:separators:)``, ``Cart/couponCode(typed:)``): the counter and the command
    /// line record the same discount and coupon for the same keys.
    public static func parse(_ prompt: SellDataFlow.Prompt, text: String, currency: Currency,
                             separators: DecimalSeparators) -> Outcome {
        switch prompt {
        case .quantity:
            guard let quantity = Int(text), quantity >= 0, quantity <= SaleLimits.defaultMaxQuantity else {
                return .failure(L10n.tr("sell.parse.quantity", ["max": "\(SaleLimits.defaultMaxQuantity)"]))
            }
            return .quantity(quantity)
        case .lineDiscount:
            switch parse(.discount, text: text, currency: currency, separators: separators) {
            case .discount(let discount, let label): return .lineDiscount(discount, label: label)
            default: return .failure(L10n.tr("sell.parse.lineDiscount"))
            }
        case .discount:
            if text.isEmpty { return .discount(nil, label: nil) }
            guard let discount = try? Cart.Discount(typed: text, currency: currency, separators: separators) else {
                return .failure(L10n.tr("sell.parse.discount"))
            }
            return .discount(discount, label: SellDataFlow.Response.label(discount, currency: currency))
        case .coupon:
            return .coupon(Cart.couponCode(typed: text))
        case .customer:
            if text.isEmpty { return .customer(nil) }
            guard let id = Int64(text.trimmingCharacters(in: CharacterSet(charactersIn: "#"))), id > 0 else {
                return .failure(L10n.tr("sell.parse.customerId"))
            }
            return .customer(id)
        case .parkName:
            return .parkName(text)
        case .manualItem(let code, _):
            // "3.50", "3.50, reduced-rate", "3,50; reduced-rate; Rye bread": the price first, then the tax class and
            // a name, separated by ";" or ", " (a comma inside the price is its decimal separator).
            let parts = text.split(separator: ";").count > 1
                ? text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                : text.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = parts.first,
                  let price = Cart.ManualItem.unitPrice(typed: first, currency: currency, separators: separators) else {
                return .failure(L10n.tr("sell.parse.manualItem"))
            }
            let taxClass = parts.count > 1 && !parts[1].isEmpty ? parts[1] : "standard"
            let name = parts.count > 2 ? parts[2...].joined(separator: ", ") : ""
            return .manualItem(Cart.Item(code: code, quantity: 1,
                                         manual: Cart.ManualItem(name: name, unitPrice: price, taxClass: taxClass)))
        }
    }
}
