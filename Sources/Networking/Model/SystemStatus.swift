import POSFoundation

/// What `GET /wc/v3/system_status` tells a counter: versions, plugins and currency settings.
public struct SystemStatus: Hashable, Sendable, Decodable {
    /// The `environment` section.
    public struct Environment: Hashable, Sendable, Decodable {
        public let homeURL: String
        public let siteURL: String
        /// The WooCommerce version ("9.4.2").
        public let version: String
        public let wpVersion: String
        public let phpVersion: String
        public let defaultTimezone: String
        /// WordPress's site language (`get_locale()`: "en_US", "de_DE", "de_DE_formal"); "" when absent.
        public let language: String

        enum CodingKeys: String, CodingKey {
            case version, language
            case homeURL = "home_url", siteURL = "site_url", wpVersion = "wp_version", phpVersion = "php_version"
            case defaultTimezone = "default_timezone"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            homeURL = c.string(.homeURL)
            siteURL = c.string(.siteURL)
            version = c.string(.version)
            wpVersion = c.string(.wpVersion)
            phpVersion = c.string(.phpVersion)
            defaultTimezone = c.string(.defaultTimezone)
            language = c.string(.language)
        }
    }

    /// An installed plugin.
    public struct Plugin: Hashable, Sendable, Decodable {
        /// The plugin file, such as "woocommerce/woocommerce.php".
        public let plugin: String
        public let name: String
        public let version: String

        enum CodingKeys: String, CodingKey { case plugin, name, version }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            plugin = c.string(.plugin)
            name = c.string(.name)
            version = c.string(.version)
        }
    }

    /// The `settings` section.
    public struct Settings: Hashable, Sendable, Decodable {
        public let currency: String
        /// The symbol as HTML ("&#36;").
        public let currencySymbol: String
        public let currencyPosition: String
        public let thousandSeparator: String
        public let decimalSeparator: String
        public let numberOfDecimals: Int?

        enum CodingKeys: String, CodingKey {
            case currency
            case currencySymbol = "currency_symbol", currencyPosition = "currency_position"
            case thousandSeparator = "thousand_separator", decimalSeparator = "decimal_separator"
            case numberOfDecimals = "number_of_decimals"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            currency = c.string(.currency)
            currencySymbol = c.string(.currencySymbol)
            currencyPosition = c.string(.currencyPosition)
            thousandSeparator = c.string(.thousandSeparator)
            decimalSeparator = c.string(.decimalSeparator)
            numberOfDecimals = c.lenientInt(.numberOfDecimals)
        }
    }

    public let environment: Environment?
    public let activePlugins: [Plugin]
    public let inactivePlugins: [Plugin]
    public let settings: Settings?
    /// The store's id (`store_id`, WooCommerce ≥ 8.x), nil when absent.
    public let storeID: String?

    /// The WooCommerce version, "" when unknown.
    public var wooCommerceVersion: String { environment?.version ?? "" }

    /// The active plugin whose file or name matches.
    public func activePlugin(named name: String) -> Plugin? {
        activePlugins.first { $0.plugin == name || $0.name == name }
    }

    enum CodingKeys: String, CodingKey {
        case environment, settings
        case activePlugins = "active_plugins", inactivePlugins = "inactive_plugins", storeID = "store_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        environment = try c.lenientObject(.environment)
        activePlugins = (try? c.lenientArray(.activePlugins, of: Plugin.self)) ?? []
        inactivePlugins = (try? c.lenientArray(.inactivePlugins, of: Plugin.self)) ?? []
        settings = try c.lenientObject(.settings)
        storeID = c.lenientString(.storeID)
    }
}
