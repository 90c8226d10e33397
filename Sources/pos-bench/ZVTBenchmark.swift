import Foundation
import Hardware
import POSFoundation

/// Replays a recorded ZVT payment through the counter's codec and state machine N times, without I/O, and puts
/// the CPU time per payment next to the time the same bytes take on a 9600 baud line.
struct ZVTBenchmark: Sendable {
    let capture: ZVTExchangeCapture
    let payments: Int

    func run() throws -> BenchZVTResult {
        var samples: [Duration] = []
        samples.reserveCapacity(payments)
        var replayedWrites: [UInt8] = []
        for index in 0..<payments {
            let begin = ThreadCPUClock.now()
            var side = ZVTCounterSide(currency: .eur)
            var written = try side.start(ZVTExchangeCapture.authorization)
            for chunk in capture.terminalReads { written += try side.receive(chunk) }
            let elapsed = ThreadCPUClock.now() - begin
            guard side.outcome?.payment?.resultCode.isSuccess == true else {
                throw BenchError("the replayed payment did not complete: \(side.failure ?? "no outcome")")
            }
            samples.append(elapsed)
            if index == 0 { replayedWrites = written }
        }
        let recordedWrites = capture.counterWrites.flatMap { $0 }
        let counterBytes = recordedWrites.count
        let terminalBytes = capture.wireBytes - counterBytes
        let cpu = BenchCatalogResult.Latency(samples)
        func wireMilliseconds(bitsPerByte: Int) -> Double {
            Double(capture.wireBytes * bitsPerByte) / 9_600 * 1_000
        }
        let wire8N2 = wireMilliseconds(bitsPerByte: 11)
        return BenchZVTResult(
            payments: payments,
            terminalMessages: capture.terminalAPDUs.map(\.description),
            counterBytes: counterBytes, terminalBytes: terminalBytes,
            replayMatchesWire: replayedWrites == recordedWrites,
            cpuPerPayment: cpu,
            wireMilliseconds9600_8N2: wire8N2,
            wireMilliseconds9600_8N1: wireMilliseconds(bitsPerByte: 10),
            wireToCPURatio: wire8N2 / max(cpu.p50, 0.000_001), concert: nil)
    }
}

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): what the work cost, not how long it waited.
enum ThreadCPUClock {
    static func now() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }
}
