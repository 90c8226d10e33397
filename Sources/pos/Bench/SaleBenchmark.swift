import Foundation
import POSFoundation
import Yosemite

/// Scan-to-cart and order commit on the benchmark catalog, through the order store as `pos sell` uses it.
@MainActor
struct SaleBenchmark {
    let manager: StoresManager
    let generator: BenchCatalogGenerator
    /// Scans to time; carts grow to ``cartLines`` lines, then a new cart starts.
    let scans: Int
    let cartLines: Int
    /// Sales to commit (three lines each, cash, exact amount).
    let sales: Int

    struct Result {
        var scanToCart: BenchCatalogResult.Latency
        var orderCommit: BenchCatalogResult.Latency
    }

    func run() async throws -> Result {
        var random = SplitMix(seed: 7)
        func code() -> String {
            let id = Int(random.next() % UInt64(generator.productCount)) + 1
            // A variable product is sold by a variation's code, as a cashier scans the item in hand.
            if generator.isVariable(id) { return generator.variationSKU(id, Int(random.next() % 3)) }
            return random.next() % 2 == 0 ? generator.sku(id) : generator.gtin(id)
        }
        // A scan: the code becomes a cart line, and the whole cart's totals are computed again (the path the
        // counter's screen uses after every scan: resolve every line from the catalog, then the totals).
        let clock = ContinuousClock()
        var scanTimes: [Duration] = []
        var cart = Cart()
        for _ in 0..<scans {
            if cart.items.count == cartLines { cart = Cart() }
            let begin = clock.now
            cart.items.append(Cart.Item(code: code()))
            let preview = cart
            _ = try await manager.perform { OrderAction.previewTotals(cart: preview, onCompletion: $0) }
            scanTimes.append(begin.duration(to: clock.now))
        }
        // A commit: order, lines, tax lines, payment and two outbox entries in one transaction.
        var commitTimes: [Duration] = []
        for _ in 0..<sales {
            let sale = Cart(items: (0..<3).map { _ in Cart.Item(code: code()) })
            let begin = clock.now
            _ = try await manager.perform { OrderAction.completeSale(cart: sale, tender: .cash(tendered: nil), onCompletion: $0) }
            commitTimes.append(begin.duration(to: clock.now))
        }
        return Result(scanToCart: .init(scanTimes), orderCommit: .init(commitTimes))
    }
}
