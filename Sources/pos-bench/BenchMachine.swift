import Foundation

/// The machine a benchmark ran on, and the process's peak memory.
struct BenchMachine: Encodable {
    var cpu: String
    var cores: Int
    var memoryGigabytes: Double
    var system: String
    /// `/proc/loadavg`'s 1-minute load at the start: other processes competing for the cores.
    var loadAverageAtStart: Double
    /// The same at the end of the run (set by the suite).
    var loadAverageAtEnd: Double?

    static func current() -> BenchMachine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let load = loadAverage()
        let info = ProcessInfo.processInfo
        return BenchMachine(
            cpu: model, cores: info.activeProcessorCount,
            memoryGigabytes: (Double(info.physicalMemory) / 1_073_741_824 * 10).rounded() / 10,
            system: info.operatingSystemVersionString, loadAverageAtStart: load)
    }

    /// `/proc/loadavg`'s 1-minute load now.
    static func loadAverage() -> Double {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
            .flatMap { $0.split(separator: " ").first }.flatMap { Double($0) } ?? 0
    }

    /// This process's peak resident set from `getrusage(RUSAGE_SELF)`, in megabytes.
    static func peakRSSMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    }
}
