import Foundation

/// What `pos-bench zvt` measured: CPU per payment against the wire time of the same bytes. Stable `--json` shape.
struct BenchZVTResult: Encodable, Sendable {
    /// How many payments were replayed.
    var payments: Int
    /// The terminal's messages in one payment, in order (command class and instruction in hex).
    var terminalMessages: [String]
    /// Bytes the counter sends per payment (frames, ACKs), framed as on the line.
    var counterBytes: Int
    /// Bytes the terminal sends per payment.
    var terminalBytes: Int
    /// Whether the replay wrote exactly the bytes the counter wrote on the real line.
    var replayMatchesWire: Bool
    /// Codec + link + state machine CPU time per payment, in milliseconds.
    var cpuPerPayment: BenchCatalogResult.Latency
    /// Both directions at 9600 baud, 8 data bits, no parity, 2 stop bits (11 bits a byte), in milliseconds.
    var wireMilliseconds9600_8N2: Double
    /// The same bytes at 9600 8N1 (10 bits a byte), in milliseconds.
    var wireMilliseconds9600_8N1: Double
    /// Wire time at 9600 8N2 divided by the CPU p50: how many times longer the line takes than the work.
    var wireToCPURatio: Double
    /// The same measurement for a Concert payment (9600 8N1), when it was run.
    var concert: ConcertBenchmark.Result?

    var summary: String {
        """
        ZVT payment (serial framing, \(terminalMessages.count) terminal messages: \
        \(terminalMessages.joined(separator: " "))), \(payments) replays:
          CPU per payment: p50 \(String(format: "%.3f", cpuPerPayment.p50)) ms, p99 \
        \(String(format: "%.3f", cpuPerPayment.p99)) ms
          wire: \(counterBytes) + \(terminalBytes) bytes = \(String(format: "%.0f", wireMilliseconds9600_8N2)) ms at \
        9600 8N2 (\(String(format: "%.0f", wireMilliseconds9600_8N1)) ms at 8N1); wire / CPU = \
        \(String(format: "%.0f", wireToCPURatio))×; replay wrote the same bytes: \(replayMatchesWire ? "yes" : "NO")
        """ + (concert.map { concert in
            """

            Concert payment, \(concert.payments) replays: CPU p50 \(String(format: "%.3f", concert.cpuPerPayment.p50)) ms, \
            p99 \(String(format: "%.3f", concert.cpuPerPayment.p99)) ms; wire: \(concert.counterBytes) + \
            \(concert.terminalBytes) bytes = \(String(format: "%.0f", concert.wireMilliseconds9600_8N1)) ms at 9600 8N1; \
            wire / CPU = \(String(format: "%.0f", concert.wireToCPURatio))×; replay wrote the same bytes: \
            \(concert.replayMatchesWire ? "yes" : "NO")
            """
        } ?? "")
    }
}
