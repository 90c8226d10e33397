import Foundation
import POSFoundation
import Yosemite

/// Scan-to-cart and order commit on the benchmark catalog, through the order store as the counter and `pos sell` use it.
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
        /// The process's CPU (user + system, every thread) per scan: what a scan costs whatever the machine's load.
        var scanToCartCPU: BenchCatalogResult.Latency
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
        // A scan, on the counter's real path: the code is added to the open sale through `OrderAction.editSale`
        // (lookup → the sale's Checkout event → SaleService prices the cart, resolving only the new line → the
        // lines persisted by Storage's `updateLines`, or `openSale` for a new cart's first scan) and the priced
        // summary comes back for the screen. Carts grow to `cartLines` lines, then the sale is voided (not timed)
        // and a new one starts.
        let clock = ContinuousClock()
        var scanTimes: [Duration] = []
        var scanCPU: [Duration] = []
        var saleId: Int64?
        var lines = 0
        for _ in 0..<scans {
            if lines >= cartLines, let id = saleId {
                _ = try await manager.dispatch { OrderAction.voidSale(reference: String(id), reply: $0) }
                saleId = nil
            }
            let item = Cart.Item(code: code())
            let current = saleId
            let cpuBefore = SyncBenchmark.processCPUSeconds()
            let begin = clock.now
            let summary = try await manager.dispatch { OrderAction.editSale(saleId: current, edit: .add(item), reply: $0) }
            scanTimes.append(begin.duration(to: clock.now))
            scanCPU.append(.microseconds(Int64(((SyncBenchmark.processCPUSeconds() - cpuBefore) * 1e6).rounded())))
            saleId = summary.id
            lines = summary.cart.items.count
        }
        if let id = saleId {
            _ = try await manager.dispatch { OrderAction.voidSale(reference: String(id), reply: $0) }
        }
        // A commit: order, lines, tax lines, payment and two outbox entries in one transaction.
        var commitTimes: [Duration] = []
        for _ in 0..<sales {
            let sale = Cart(items: (0..<3).map { _ in Cart.Item(code: code()) })
            let begin = clock.now
            _ = try await manager.dispatch { OrderAction.completeSale(cart: sale, tender: .cash(tendered: nil), reply: $0) }
            commitTimes.append(begin.duration(to: clock.now))
        }
        return Result(scanToCart: .init(scanTimes), scanToCartCPU: .init(scanCPU), orderCommit: .init(commitTimes))
    }
}
