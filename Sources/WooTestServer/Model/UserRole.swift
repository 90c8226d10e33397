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
            // WooCommerce gives shop managers `list_users` and `edit_users` (WC_Install::create_roles)
            ["manage_woocommerce", "view_woocommerce_reports", "edit_shop_orders", "edit_products", "list_users",
             "edit_users", "read", "shop_manager"]
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
    /// The display name (WordPress's `name`); the user name when none was given.
    var displayName: String? = nil
    /// Capabilities granted beside the role's, as a role editor plugin grants them (`access_woocommerce_pos`).
    var extraCapabilities: [String] = []

    /// `name` in the REST API.
    var name: String { displayName ?? username }
    /// Every capability the user has.
    var capabilities: [String] { role.capabilities + extraCapabilities }
    /// Whether the user may list users with their roles and capabilities (`context=edit`, `roles`, `capabilities`).
    var canListUsers: Bool { capabilities.contains("list_users") }
}
