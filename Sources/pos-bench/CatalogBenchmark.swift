import Foundation
import Networking
import POSFoundation
import Storage
import Synchronization
import Yosemite

/// Runs the catalog benchmark: ingest through ``CatalogIngestor``, then timed lookups and searches.
struct CatalogBenchmark: Sendable {
    let generator: BenchCatalogGenerator
    let database: AppDatabase
    /// The database file, to report its size.
    let databasePath: String
    let queries: Int
    /// Pages decoded at a time (a sync has two requests in flight, each decoding its own page).
    var decoders = 2

    func run(onProgress: @escaping @Sendable (Int) -> Void) async throws -> BenchCatalogResult {
        let ingestor = CatalogIngestor(database: database, currency: .eur)
        let clock = ContinuousClock()
        let generator = generator
        // The REST JSON of every page, made before the clock starts (the Python baseline reads the same pages
        // from files): what is timed is decoding and storing, as in a sync.
        let pages: [(products: Data, variations: [Int64: Data])] = (1...generator.pageCount).map { page in
            let products = generator.productPage(page)
            var variations: [Int64: Data] = [:]
            for id in generator.variableProductIDs(onPage: page) { variations[id] = generator.variationPage(productID: Int(id)) }
            return (products, variations)
        }
        let stored = LockedCounter()
        let pipeline = CatalogWritePipeline(ingestor: ingestor) { written in
            let total = stored.add(written.products)
            if written.products > 0 { onProgress(total) }
        }
        // Two pages decoded at a time, as a sync has two requests in flight and decodes each page in its own task;
        // each task submits a page's products, then their variations, to the one writer.
        let nextPage = LockedCounter()
        let decoders = max(1, decoders)
        let start = clock.now
        let variationCount: Int
        do {
            variationCount = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<decoders {
                    group.addTask {
                        var variationCount = 0
                        while true {
                            let index = nextPage.add(1) - 1
                            guard index < pages.count else { return variationCount }
                            let page = pages[index]
                            let products = try ProductListMapper().map(response: page.products)
                            try await pipeline.submit(.products(products))
                            for parent in products where parent.type == "variable" {
                                guard let data = page.variations[parent.id] else { continue }
                                let variations = try ProductVariationListMapper(productID: parent.id).map(response: data)
                                try await pipeline.submit(.variations(variations, parent: ingestor.record(for: parent)))
                                variationCount += variations.count
                            }
                            // A sync's task waits for its next response here; without a suspension point the two
                            // decoders would hold both threads of the cooperative pool and starve the writer's task.
                            await Task.yield()
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            try await pipeline.finish()
        } catch {
            pipeline.cancel()
            throw error
        }
        let ingest = start.duration(to: clock.now)
        let ingestSeconds = Double(ingest.components.seconds) + Double(ingest.components.attoseconds) / 1e18

        // Lookups: SKUs, GTINs and variation SKUs of random products (a fixed seed), plus 5 % unknown codes.
        var random = SplitMix(seed: 42)
        var lookupTimes: [Duration] = []
        var misses = 0
        for index in 0..<queries {
            let id = Int(random.next() % UInt64(generator.productCount)) + 1
            let code: String =
                switch index % 20 {
                case 0: "UNKNOWN-\(index)"
                case 1, 2, 3, 4, 5, 6, 7, 8: generator.sku(id)
                case 9:
                    generator.variationSKU((id / 20 + 1) * 20 <= generator.productCount ? (id / 20 + 1) * 20 : 20, 1)
                default: generator.gtin(id)
                }
            let begin = clock.now
            let match = try await database.barcodeMatch(code)
            lookupTimes.append(begin.duration(to: clock.now))
            if match == nil { misses += 1 }
        }

        // Search-as-you-type: prefixes of 2–4 letters of the generator's words.
        var searchTimes: [Duration] = []
        var results = 0
        for _ in 0..<queries {
            let word = BenchCatalogGenerator.words[Int(random.next() % UInt64(BenchCatalogGenerator.words.count))]
            let prefix = String(word.prefix(2 + Int(random.next() % 3)))
            let begin = clock.now
            let found = try await database.searchProducts(prefix, limit: 20)
            searchTimes.append(begin.duration(to: clock.now))
            results += found.count
        }

        // The database and its write-ahead log (not yet checkpointed pages live there).
        let size = [databasePath, databasePath + "-wal"]
            .compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
            .reduce(0, +)
        return BenchCatalogResult(
            products: generator.productCount, variations: variationCount, ingestSeconds: ingestSeconds,
            productsPerSecond: Double(generator.productCount) / max(ingestSeconds, 0.000_001),
            lookup: .init(lookupTimes), lookupMisses: misses, search: .init(searchTimes),
            searchAverageResults: Double(results) / Double(queries),
            peakRSSMegabytes: BenchCatalogResult.peakRSSMegabytes(),
            databaseMegabytes: Double(size) / 1_048_576)
    }
}

/// A counter shared with the write pipeline's progress callback.
final class LockedCounter: Sendable {
    private let value = Mutex(0)

    /// Adds `count` and returns the new total.
    func add(_ count: Int) -> Int { value.locked { $0 += count; return $0 } }
}

/// A small deterministic random generator (SplitMix64), so two runs ask the same queries.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
