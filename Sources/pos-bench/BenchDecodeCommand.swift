import ArgumentParser
import Foundation
import Networking

/// `pos-bench decode`: the CPU cost of turning catalog pages' REST JSON into pos's models, alone.
///
/// It is the part of a pull and of ingest that runs on one core while the writer runs on the other, and the part
/// of the client's CPU per decoded page that is not HTTP.
struct BenchDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Benchmark decoding catalog pages (products and variations) from REST JSON, CPU only.",
        discussion: """
            Generates the catalog benchmark's pages (100 products a page, every 20th variable with 3 variations), \
            then decodes every page with ProductListMapper and ProductVariationListMapper on one thread, --rounds \
            times, and prints the thread's CPU time per page and products per CPU second (the best round).
            """
    )

    @Option(help: "How many products to generate.")
    var products = 20_000

    @Option(help: "How many times to decode them all.")
    var rounds = 5

    func validate() throws {
        guard products > 0, rounds > 0 else { throw ValidationError("--products and --rounds must be positive") }
    }

    func run() throws {
        let generator = BenchCatalogGenerator(productCount: products)
        let pages = (1...generator.pageCount).map { page in
            (products: generator.productPage(page),
             variations: generator.variableProductIDs(onPage: page).map { ($0, generator.variationPage(productID: Int($0))) })
        }
        var best = Duration.seconds(1_000_000)
        var decoded = 0
        for _ in 0..<rounds {
            decoded = 0
            let start = ThreadCPUClock.now()
            for page in pages {
                decoded += try ProductListMapper().map(response: page.products).count
                for (id, data) in page.variations {
                    decoded += try ProductVariationListMapper(productID: id).map(response: data).count
                }
            }
            best = min(best, ThreadCPUClock.now() - start)
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        let perPage = seconds * 1000 / Double(pages.count)
        Console.out(String(format: "Decode: %d pages (%d products + variations) in %.3f s of CPU: %.3f ms a page, %.0f products/s",
                           pages.count, decoded, seconds, perPage, Double(products) / seconds))
    }
}
