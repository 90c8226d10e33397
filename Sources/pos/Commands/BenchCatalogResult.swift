import Foundation

/// What `pos bench catalog` measured. Stable `--json` shape.
struct BenchCatalogResult: Encodable {
    /// Percentiles of a series of timings, in milliseconds.
    struct Latency: Encodable {
        var count: Int
        var p50: Double
        var p99: Double
        var max: Double

        init(_ samples: [Duration]) {
            let sorted = samples.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1e3 }
                .sorted()
            count = sorted.count
            func percentile(_ p: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
            }
            p50 = percentile(0.50)
            p99 = percentile(0.99)
            self.max = sorted.last ?? 0
        }
    }

    var products: Int
    var variations: Int
    var ingestSeconds: Double
    var productsPerSecond: Double
    var lookup: Latency
    var lookupMisses: Int
    var search: Latency
    var searchAverageResults: Double
    var peakRSSMegabytes: Double?
    /// The database file plus its write-ahead log.
    var databaseMegabytes: Double

    var summary: String {
        func ms(_ value: Double) -> String { String(format: "%.3f ms", value) }
        return """
            Ingest: \(products) products + \(variations) variations in \(String(format: "%.1f", ingestSeconds)) s \
            (\(Int(productsPerSecond)) products/s)
            Barcode lookup (\(lookup.count)): p50 \(ms(lookup.p50)), p99 \(ms(lookup.p99)), max \(ms(lookup.max)); \
            misses \(lookupMisses)
            Search, 2–4 letter prefixes (\(search.count)): p50 \(ms(search.p50)), p99 \(ms(search.p99)), \
            max \(ms(search.max)); \(String(format: "%.1f", searchAverageResults)) results on average
            Peak RSS: \(peakRSSMegabytes.map { String(format: "%.0f MB", $0) } ?? "unknown"); \
            database + WAL \(String(format: "%.0f MB", databaseMegabytes))
            """
    }

    /// The process's peak resident set (`VmHWM` of /proc/self/status), in megabytes.
    static func peakRSSMegabytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return nil }
        return kilobytes / 1024
    }
}
