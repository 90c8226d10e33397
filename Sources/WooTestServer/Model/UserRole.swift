import Foundation

/// A WordPress role, deciding what a user may do.
public enum UserRole: String, Sendable, CaseIterable {
    case administrator
    case shopManager = "shop_manager"
    case customer
    case subscriber

    /// Whether the role carries `manage_woocommerce` (and so may use `wc/…` routes).
    public var canManageWooCommerce: Bool { self == .administrator || self == .shopManager }

    /// The capabilities WordPress reports in `users/me?context=edit`.
    var capabilities: [String] {
        switch self {
        case .administrator:
            ["manage_options", "manage_woocommerce", "view_woocommerce_reports", "edit_shop_orders",
             "edit_products", "list_users", "read", "administrator"]
        case .shopManager:
            ["manage_woocommerce", "view_woocommerce_reports", "edit_shop_orders", "edit_products", "read",
             "shop_manager"]
        case .customer: ["read", "customer"]
        case .subscriber: ["read", "subscriber"]
        }
    }
}

/// A WordPress user with one application password.
struct User: Sendable {
    var id: Int64
    var username: String
    var applicationPassword: String
    var role: UserRole
}
