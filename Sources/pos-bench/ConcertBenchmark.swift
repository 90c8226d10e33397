import Foundation
import Hardware
import HardwareLinux
import POSFoundation
import TerminalSimulator

/// The Concert counterpart of ``ZVTBenchmark``: one approved payment recorded between the simulator's
/// ``ConcertTerminalEngine`` and ``ConcertSessionStateMachine`` over a pseudo-terminal, then the terminal's bytes
/// replayed through the state machine (link parser, LRC, answer decoding) N times without I/O, next to the wire
/// time of the same bytes at 9600 baud 8N1 (Concert's line: 10 bits a byte).
struct ConcertBenchmark: Sendable {
    struct Result: Encodable {
        var payments: Int
        var counterBytes: Int
        var terminalBytes: Int
        var replayMatchesWire: Bool
        /// Session state machine CPU per payment (ms).
        var cpuPerPayment: BenchCatalogResult.Latency
        /// Both directions at 9600 8N1, in milliseconds.
        var wireMilliseconds9600_8N1: Double
        var wireToCPURatio: Double
    }

    let payments: Int

    static func request() throws -> ConcertRequest {
        try ConcertRequest.payment(Money(minorUnits: 1_010, currency: .eur), posNumber: 1, privateData: "BENCH")
    }

    func run() async throws -> Result {
        let (writes, reads) = try await Self.record()
        var samples: [Duration] = []
        var replayed: [UInt8] = []
        for index in 0..<payments {
            let begin = ThreadCPUClock.now()
            var machine = ConcertSessionStateMachine()
            var written: [UInt8] = []
            var approved = false
            var actions = try machine.start(Self.request())
            for chunk in [[]] + reads {
                if !chunk.isEmpty { actions = machine.bytesReceived(chunk) }
                for action in actions {
                    if case .send(let bytes) = action { written += bytes }
                    if case .complete(let answer) = action { approved = answer.isApproved }
                }
            }
            let elapsed = ThreadCPUClock.now() - begin
            guard approved else { throw BenchError("the replayed Concert payment was not approved") }
            samples.append(elapsed)
            if index == 0 { replayed = written }
        }
        let counter = writes.flatMap { $0 }
        let terminalBytes = reads.reduce(0) { $0 + $1.count }
        let cpu = BenchCatalogResult.Latency(samples)
        let wire = Double((counter.count + terminalBytes) * 10) / 9_600 * 1_000
        return Result(
            payments: payments, counterBytes: counter.count, terminalBytes: terminalBytes,
            replayMatchesWire: replayed == counter, cpuPerPayment: cpu, wireMilliseconds9600_8N1: wire,
            wireToCPURatio: wire / max(cpu.p50, 0.000_001))
    }

    /// One approved payment against the simulator: what the counter wrote and what it read, in order.
    static func record() async throws -> (writes: [[UInt8]], reads: [[UInt8]]) {
        let pair = try PseudoTerminalPair.open()
        let terminalSide = try pair.makePrimaryTransport(settings: .concert)
        try await terminalSide.open()
        let engine = ConcertTerminalEngine(script: TerminalScript(printsReceipt: false))
        let server = Task { await engine.serve(terminalSide) }
        let counter = TTYTransport(path: pair.secondaryPath, settings: .concert)
        try await counter.open()
        defer {
            server.cancel()
            pair.closeSecondary()
            pair.closePrimary()
        }
        var machine = ConcertSessionStateMachine()
        var writes: [[UInt8]] = [], reads: [[UInt8]] = []
        var actions = try machine.start(request())
        var done = false
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            for action in actions {
                switch action {
                case .send(let bytes):
                    try await counter.write(bytes)
                    writes.append(bytes)
                case .complete(let answer):
                    guard answer.isApproved else { throw BenchError("the Concert simulator did not approve") }
                    done = true
                case .fail(let error), .outcomeUnknown(let error):
                    throw BenchError("the Concert payment failed: \(error)")
                case .startTimer, .cancelTimer:
                    break
                }
            }
            if done { break }
            guard ContinuousClock.now < deadline else { throw BenchError("the Concert simulator stopped answering") }
            let bytes = try await counter.read(maxLength: 4096, timeout: .milliseconds(500))
            actions = bytes.isEmpty ? [] : machine.bytesReceived(bytes)
            if !bytes.isEmpty { reads.append(bytes) }
        }
        // The terminal ends its answer with EOT after our ACK; read it so it counts on the wire.
        let tail = try await counter.read(maxLength: 64, timeout: .milliseconds(300))
        if !tail.isEmpty { reads.append(tail) }
        await counter.close()
        return (writes, reads)
    }
}
