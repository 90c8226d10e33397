import Foundation
import Histogram

/// What `pos-bench catalog` measured. Stable `--json` shape.
struct BenchCatalogResult: Encodable {
    /// Percentiles of a series of timings, in milliseconds, from an HdrHistogram of the samples in nanoseconds
    /// (three significant digits: a percentile is within 0.1 % of the sample it stands for).
    struct Latency: Encodable {
        var count: Int
        var p50: Double
        var p90: Double
        var p99: Double
        var max: Double
        var mean: Double

        init(_ samples: [Duration]) {
            var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
            for sample in samples {
                let (seconds, attoseconds) = sample.components
                _ = histogram.record(UInt64(Swift.max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)))
            }
            self.init(histogram)
        }

        init(_ histogram: Histogram<UInt64>) {
            func milliseconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e6 }
            count = Int(histogram.totalCount)
            p50 = milliseconds(histogram.valueAtPercentile(50))
            p90 = milliseconds(histogram.valueAtPercentile(90))
            p99 = milliseconds(histogram.valueAtPercentile(99))
            self.max = count == 0 ? 0 : milliseconds(histogram.maxRecorded)
            mean = count == 0 ? 0 : histogram.mean / 1e6
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
