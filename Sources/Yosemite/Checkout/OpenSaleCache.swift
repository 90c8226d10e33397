import Foundation
import POSFoundation
import Storage
import Synchronization

/// The sale being rung up, kept in memory between scans so that a scan costs its own line and not the whole cart
/// again: the lines as resolved from the catalog (by code), and the store's settings, sale limits and tax rates it
/// was first priced with, and the sale as last read or written (reused while its stored revision is unchanged, so a
/// scan reads one row instead of the whole cart; Storage writes only the order lines an edit changed).
///
/// Kept by ``OrderStore`` for one sale at a time (``reset(for:)`` forgets the previous sale). The database stays the
/// truth: every edit reads the stored sale (another process's edit is seen). Completing a sale resolves every line
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
        /// The sale as last read or written; current while its revision is the stored one.
        var stored: StoredSale?
    }

    private let state = Mutex(State())

    /// Forgets everything unless it belongs to `saleId`.
    func reset(for saleId: Int64?) {
        state.locked { state in
            if state.saleId != saleId || saleId == nil { state = State(saleId: saleId) }
        }
    }

    /// Keeps what is cached for `saleId` from now on (a sale just opened).
    func adopt(_ saleId: Int64) {
        state.locked { $0.saleId = saleId }
    }

    /// The sale as last read or written, if it is `saleId` (the caller checks its revision).
    func stored(_ saleId: Int64) -> StoredSale? {
        state.locked { $0.saleId == saleId ? $0.stored : nil }
    }

    /// Keeps the sale as just read or written, when it is the cached sale.
    func keep(_ stored: StoredSale) {
        state.locked { if $0.saleId == stored.id { $0.stored = stored } }
    }

    func line(for code: String) -> (TotalsInput.Line, ResolvedCart.LineInfo)? {
        state.locked { $0.lines[code] }
    }

    func store(_ line: TotalsInput.Line, _ info: ResolvedCart.LineInfo, for code: String) {
        state.locked { $0.lines[code] = (line, info) }
    }

    var pricing: Pricing? {
        get { state.locked { $0.pricing } }
        set { state.locked { $0.pricing = newValue } }
    }

    /// The tax rates, read through `read` once a sale.
    func taxRates(_ read: () throws -> [TaxRateRule]) rethrows -> [TaxRateRule] {
        if let rates = state.locked({ $0.pricing?.taxRates }) { return rates }
        let rates = try read()
        state.locked { $0.pricing?.taxRates = rates }
        return rates
    }
}
