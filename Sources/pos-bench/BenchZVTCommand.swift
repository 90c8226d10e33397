import ArgumentParser
import Foundation

/// `pos-bench zvt`: the CPU cost of a ZVT payment in the counter against its wire time at 9600 baud.
struct BenchZVTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zvt",
        abstract: "Benchmark the ZVT codec and state machine per payment against the wire time at 9600 baud.",
        discussion: """
            Records one approved payment (Authorisation 06 01, intermediate statuses 04 FF, Status Information \
            04 0F, print lines 06 D1, Completion 06 0F, with every ACK) between the terminal simulator and the \
            counter's serial stack over a pseudo-terminal, then replays the terminal's bytes through the frame \
            parser, link layer and transaction state machine N times without I/O. A Concert payment is measured the \
            same way (9600 8N1).
            """
    )

    @Option(help: "How many payments to replay.")
    var payments = 10_000

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard payments > 0 else { throw ValidationError("--payments must be positive") }
    }

    func run() async throws {
        let capture = try await ZVTExchangeCapture.record()
        var result = try ZVTBenchmark(capture: capture, payments: payments).run()
        result.concert = try await ConcertBenchmark(payments: payments).run()
        if json { try Console.json(result) } else { Console.out(result.summary) }
    }
}
