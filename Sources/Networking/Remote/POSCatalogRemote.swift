import Foundation
import POSFoundation

/// WooCommerce's POS catalog API (WooCommerce ≥ 10.5): a file of the whole catalog, generated in the store's
/// background, which registers download instead of paging (shared/reference/woocommerce-rest.md, "WooCommerce's
/// POS catalog API").
///
/// `POST wc/pos/v1/catalog/create` with `force`, `_product_fields` and `_variation_fields` answers at once with the
/// generation's state; once completed it carries `url`, a JSON list of `{"type": "product"|"variation", "data":
/// {...}}` in the REST API's product shape.
public struct POSCatalogRemote: Sendable {
    /// A generation of the catalog file, as `catalog/create` reports it.
    public struct Status: Hashable, Sendable {
        /// `scheduled`, `in_progress` or `completed`.
        public var state: String
        public var progress: Int
        public var processed: Int
        public var total: Int
        public var scheduledAt: Date?
        public var completedAt: Date?
        /// The file, once completed.
        public var url: URL?

        /// Whether the file is ready to download.
        public var isCompleted: Bool { state == "completed" && url != nil }

        public init(state: String, progress: Int = 0, processed: Int = 0, total: Int = 0, scheduledAt: Date? = nil,
                    completedAt: Date? = nil, url: URL? = nil) {
            self.state = state
            self.progress = progress
            self.processed = processed
            self.total = total
            self.scheduledAt = scheduledAt
            self.completedAt = completedAt
            self.url = url
        }
    }

    /// The catalog in the file: products and variations (each variation with its `parent_id`).
    public struct Catalog: Sendable {
        public var products: [Product]
        public var variations: [ProductVariation]
    }

    /// Why a downloaded file could not be used.
    public enum FileError: Error, Hashable, Sendable {
        /// The host answered something other than the JSON file (an HTML page, a 403): it blocks the file.
        case blocked(status: Int)
    }

    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Asks for the catalog file (`POST wc/pos/v1/catalog/create`): without `force` the current generation or the
    /// finished file, with it a new generation.
    public func create(force: Bool, productFields: [String], variationFields: [String]) async throws(NetworkError) -> Status {
        let request = RESTRequest(
            method: .post, path: "wc/pos/v1/catalog/create",
            body: .object([
                "force": .bool(force), "_product_fields": .string(productFields.joined(separator: ",")),
                "_variation_fields": .string(variationFields.joined(separator: ",")),
            ]))
        return try await remote.enqueue(request, mapper: StatusMapper())
    }

    /// Downloads and reads the file.
    ///
    /// - Throws: ``NetworkError`` (a 403 is ``NetworkError/forbidden(_:)``); ``FileError/blocked(status:)`` when the
    ///   answer is not the JSON list (an HTML page); a list that does not read is
    ///   ``NetworkError/malformedResponse(path:reason:)``.
    public func download(_ url: URL) async throws -> Catalog {
        let response = try await remote.network.response(for: FileRequest(url: url))
        let first = response.data.first { ![9, 10, 13, 32].contains($0) }
        guard first == UInt8(ascii: "[") else { throw FileError.blocked(status: response.statusCode) }
        do {
            return try FileMapper().map(response: response.data)
        } catch {
            throw NetworkError.malformedResponse(path: url.path, reason: WooJSON.describe(error))
        }
    }

    /// A GET of the file's absolute URL, without credentials (it is a public upload).
    struct FileRequest: Request {
        let url: URL
        var method: HTTPMethod { .get }
        var path: String { url.path }
        var query: [URLQueryItem] { [] }
        var body: JSONValue? { nil }
        var requiresAuthentication: Bool { false }

        func prepared(site: SiteAddress, routeStyle: RouteStyle, credentials: Credentials?) -> PreparedRequest {
            PreparedRequest(method: .get, url: url.absoluteString, body: nil, authorization: nil)
        }
    }

    struct StatusMapper: Mapper {
        static let keys: [StaticString] = [
            "state", "progress", "processed", "total", "scheduled_at", "completed_at", "url",
        ]

        func map(response: Data) throws -> Status {
            try JSONTape.one(from: response) { tape, index in
                let slots = try tape.object(at: index, keys: Self.keys)
                func field(_ slot: Int) -> JSONField { JSONField(tape: tape, index: slots[slot], key: Self.keys[slot]) }
                return Status(
                    state: field(0).string(), progress: Int(field(1).lenientInt64() ?? 0),
                    processed: Int(field(2).lenientInt64() ?? 0), total: Int(field(3).lenientInt64() ?? 0),
                    scheduledAt: field(4).lenientString().flatMap(WooDate.parse),
                    completedAt: field(5).lenientString().flatMap(WooDate.parse),
                    url: field(6).lenientString().flatMap(URL.init(string:)))
            }
        }
    }

    struct FileMapper: Mapper {
        static let keys: [StaticString] = ["type", "data"]

        func map(response: Data) throws -> Catalog {
            var catalog = Catalog(products: [], variations: [])
            _ = try JSONTape.list(from: response) { tape, index in
                let slots = try tape.object(at: index, keys: Self.keys)
                guard let data = slots[1] else { return () }
                switch JSONField(tape: tape, index: slots[0], key: Self.keys[0]).string() {
                case "product": catalog.products.append(try Product(reading: tape, at: data))
                case "variation": catalog.variations.append(try ProductVariation(reading: tape, at: data, productID: nil))
                default: break
                }
            }
            return catalog
        }
    }
}
