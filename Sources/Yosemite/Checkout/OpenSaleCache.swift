import Foundation
import POSFoundation
import Storage
import Synchronization

/// The sale being rung up, kept in memory between scans so that a scan costs its own line and not the whole cart
/// again: the lines as resolved from the catalog (by code), the store's settings, sale limits and tax rates it was
/// first priced with, and the cart's stored JSON beside the cart it encodes.
///
/// Kept by ``OrderStore`` for one sale at a time (``reset(for:)`` forgets the previous sale). The database stays the
/// truth: every edit still reads the stored row, and the cached cart is used only when the stored text is the very
/// text this cache wrote or read (another process's edit is decoded afresh). Completing a sale resolves every line
/// afresh, so a catalog change during a sale cannot reach the order unnoticed (the completing write refuses a
/// total that differs from the one tendered).
final class OpenSaleCache: Sendable {
    /// What pricing reads once a sale: the store's settings and the sale limits (a database read and a file read),
    /// and the tax rates (a catalog read).
    struct Pricing: Sendable {
        var settings: StoreSettings
        var limits: SaleLimits
        var taxRates: [TaxRateRule]?
    }

    private struct State {
        var saleId: Int64?
        var lines: [String: (TotalsInput.Line, ResolvedCart.LineInfo)] = [:]
        var pricing: Pricing?
        /// The cart last stored or read, and its JSON.
        var coded: (text: String, cart: Cart)?
        /// Each item's JSON, as `JSONEncoder` writes it inside the cart: a scan encodes only its new line.
        var itemJSON: [Cart.Item: String] = [:]
    }

    private let state = Mutex(State())

    /// Forgets everything unless it belongs to `saleId`.
    func reset(for saleId: Int64?) {
        state.withLock { state in
            if state.saleId != saleId || saleId == nil { state = State(saleId: saleId) }
        }
    }

    /// Keeps what is cached for `saleId` from now on (a sale just opened).
    func adopt(_ saleId: Int64) {
        state.withLock { $0.saleId = saleId }
    }

    func line(for code: String) -> (TotalsInput.Line, ResolvedCart.LineInfo)? {
        state.withLock { $0.lines[code] }
    }

    func store(_ line: TotalsInput.Line, _ info: ResolvedCart.LineInfo, for code: String) {
        state.withLock { $0.lines[code] = (line, info) }
    }

    var pricing: Pricing? {
        get { state.withLock { $0.pricing } }
        set { state.withLock { $0.pricing = newValue } }
    }

    /// The tax rates, read through `read` once a sale.
    func taxRates(_ read: () throws -> [TaxRateRule]) rethrows -> [TaxRateRule] {
        if let rates = state.withLock({ $0.pricing?.taxRates }) { return rates }
        let rates = try read()
        state.withLock { $0.pricing?.taxRates = rates }
        return rates
    }

    // MARK: - The cart's JSON

    /// The cart of a stored JSON text: the cached one when the text is the one last stored or read.
    func cart(decoding text: String) -> Cart {
        if let coded = state.withLock({ $0.coded }), coded.text == text { return coded.cart }
        let cart = CartJSON.decode(text)
        state.withLock { $0.coded = (text, cart) }
        return cart
    }

    /// The JSON to store for `cart`, exactly what ``CartJSON/encode(_:)`` writes, encoding only the items not seen
    /// in this sale before.
    func text(encoding cart: Cart) -> String {
        let (coded, known) = state.withLock { ($0.coded, $0.itemJSON) }
        if let coded, coded.cart == cart { return coded.text }
        var fresh: [Cart.Item: String] = [:]
        let items = cart.items.map { item in
            if let json = known[item] ?? fresh[item] { return json }
            let json = CartJSON.encode(item)
            fresh[item] = json
            return json
        }
        let text = CartJSON.encode(cart, items: items)
        state.withLock { state in
            state.coded = (text, cart)
            // Items edited away stay until the cache holds many more than the cart: then only the cart's remain.
            if state.itemJSON.count + fresh.count > 4 * max(cart.items.count, 16) {
                state.itemJSON = Dictionary(zip(cart.items, items), uniquingKeysWith: { first, _ in first })
            } else {
                state.itemJSON.merge(fresh) { first, _ in first }
            }
        }
        return text
    }
}

/// How a cart is stored: `JSONEncoder` with sorted keys. Encoding a cart from its items' JSON gives the same text as
/// encoding it whole (`OpenSaleCacheTests` holds the two equal), so the open sale re-encodes only what changed.
enum CartJSON {
    static func encode(_ cart: Cart) -> String {
        (try? encoder().encode(cart)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode(_ text: String) -> Cart {
        (try? JSONDecoder().decode(Cart.self, from: Data(text.utf8))) ?? Cart()
    }

    static func encode(_ item: Cart.Item) -> String {
        (try? encoder().encode(item)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The cart's JSON with `items` (each item's JSON, in order) as its items.
    static func encode(_ cart: Cart, items: [String]) -> String {
        var shell = cart
        shell.items = []
        let empty = encode(shell)
        // With sorted keys the cart's own keys come in a fixed order and none of its values is an object with
        // free-form keys, so `"items":[]` occurs once, as the key: a quote inside a string is always escaped.
        guard let range = empty.range(of: itemsKey) else { return encode(cart) }
        return empty[..<range.lowerBound] + "\"items\":[" + items.joined(separator: ",") + "]" + empty[range.upperBound...]
    }

    private static let itemsKey = "\"items\":[]"

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
