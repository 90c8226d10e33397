import Foundation
import Networking
import POSFoundation
import Storage
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// The pull's write pipeline holds at most two transactions' worth of rows for its writer: a producer faster than
/// the disk waits instead of piling decoded pages up in memory, and nothing submitted is lost.
struct CatalogWritePipelineTests {
    private func page(_ ids: ClosedRange<Int>) throws -> [Product] {
        let items = ids.map { #"{"id":\#($0),"name":"P\#($0)","sku":"S\#($0)","price":"1.00","status":"publish"}"# }
        return try ProductListMapper().map(response: Data(("[" + items.joined(separator: ",") + "]").utf8))
    }

    /// A pipeline over a fresh test environment's database.
    private func makePipeline(
        in directory: TestDataDirectory, productsPerTransaction: Int
    ) throws -> (AppEnvironment, CatalogWritePipeline) {
        let environment = try AppEnvironment.test(directory: directory)
        let pipeline = CatalogWritePipeline(ingestor: CatalogIngestor(database: environment.database, currency: .eur),
                                            maximumProductsPerTransaction: productsPerTransaction)
        return (environment, pipeline)
    }

    @Test func aProducerFasterThanTheWriter_waitsAtTwoTransactions_andEveryRowIsStored() async throws {
        // Given a pipeline whose transactions hold 10 products (so at most 20 rows wait)
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (environment, pipeline) = try makePipeline(in: directory, productsPerTransaction: 10)
        #expect(pipeline.maximumQueuedRows == 20)

        // When 100 pages of 5 products are submitted as fast as they can be
        var mostQueued = 0
        for first in stride(from: 1, through: 500, by: 5) {
            try await pipeline.submit(.products(try page(first...(first + 4))))
            mostQueued = max(mostQueued, pipeline.queuedRowCount)
        }
        let totals = try await pipeline.finish()

        // Then no submit returned with more than the limit waiting, and all 500 are stored
        #expect(mostQueued <= pipeline.maximumQueuedRows, "\(mostQueued) rows waited")
        #expect(totals.products == 500)
        #expect(try await environment.database.catalogCounts().products == 500)
    }

    @Test func cancel_releasesAWaitingProducer() async throws {
        // Given a producer that will wait (a transaction of 1 product: 2 rows may wait) 
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (_, pipeline) = try makePipeline(in: directory, productsPerTransaction: 1)
        let producer = Task {
            for first in stride(from: 1, through: 200, by: 5) { try await pipeline.submit(.products(try page(first...(first + 4)))) }
        }
        // When the pull is cancelled
        pipeline.cancel()
        // Then the producer returns (it is not left waiting for room)
        _ = await producer.result
        #expect(pipeline.queuedRowCount == 0)
    }
}
