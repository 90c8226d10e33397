import Foundation
import Hardware
import HardwareLinux
import POSFoundation
import TerminalSimulator

/// One real approved ZVT payment over a serial line, recorded byte for byte: the simulator's
/// ``ZVTTerminalEngine`` on one end of a pseudo-terminal, ``ZVTCounterSide`` on the other.
///
/// Registration runs first and is not recorded; the recording starts with the Authorisation frame.
struct ZVTExchangeCapture: Sendable {
    /// The bytes the counter wrote, in order (frames and ACKs).
    var counterWrites: [[UInt8]] = []
    /// The bytes the counter read, in the chunks the line delivered them.
    var terminalReads: [[UInt8]] = []
    /// The command codes of the terminal's APDUs (04 FF, 04 0F, 06 D1, 06 0F …).
    var terminalAPDUs: [ZVTCommandCode] = []
    /// The approved payment.
    var payment: PaymentResult?

    /// Bytes on the wire in both directions.
    var wireBytes: Int { counterWrites.reduce(0) { $0 + $1.count } + terminalReads.reduce(0) { $0 + $1.count } }

    /// The authorisation the benchmark pays: 10.10 € (BCD `00 00 00 00 10 10`, so DLE doubling happens).
    static let authorization = ZVTCommand.authorization(
        ZVTAuthorization(amount: Money(minorUnits: 1_010, currency: .eur)))

    /// Records one registration (discarded) and one approved authorisation against the simulator.
    static func record() async throws -> ZVTExchangeCapture {
        let pair = try PseudoTerminalPair.open()
        let terminalSide = try pair.makePrimaryTransport(settings: .zvt)
        try await terminalSide.open()
        let engine = ZVTTerminalEngine(framing: .serial, script: TerminalScript(printsReceipt: true))
        let server = Task { await engine.serve(terminalSide) }
        let counter = TTYTransport(path: pair.secondaryPath, settings: .zvt)
        try await counter.open()
        defer {
            server.cancel()
            pair.closeSecondary()
            pair.closePrimary()
        }
        let registration = ZVTCommand.registration(
            ZVTRegistration(currency: .eur, tlv: ZVTRegistration.receiptTLV(printerColumns: 40)))
        var unused = ZVTExchangeCapture()
        _ = try await run(registration, over: counter, recording: &unused)
        var capture = ZVTExchangeCapture()
        let side = try await run(authorization, over: counter, recording: &capture)
        await counter.close()
        guard let payment = side.outcome?.payment, payment.resultCode.isSuccess else {
            throw BenchError("the simulated terminal did not approve the payment: \(side.failure ?? "no payment")")
        }
        capture.payment = payment
        capture.terminalAPDUs = side.receivedAPDUs
        return capture
    }

    private static func run(_ command: ZVTCommand, over transport: TTYTransport,
                            recording capture: inout ZVTExchangeCapture) async throws -> ZVTCounterSide {
        var side = ZVTCounterSide(currency: .eur)
        let first = try side.start(command)
        try await transport.write(first)
        capture.counterWrites.append(first)
        let deadline = ContinuousClock.now + .seconds(20)
        while !side.isFinished {
            guard ContinuousClock.now < deadline else { throw BenchError("the simulated terminal stopped answering") }
            let bytes = try await transport.read(maxLength: 4096, timeout: .milliseconds(500))
            guard !bytes.isEmpty else { continue }
            capture.terminalReads.append(bytes)
            let answer = try side.receive(bytes)
            if !answer.isEmpty {
                try await transport.write(answer)
                capture.counterWrites.append(answer)
            }
        }
        // The terminal acknowledges our last 80 00 00 with a link ACK; read it so it counts on the wire.
        let tail = try await transport.read(maxLength: 4096, timeout: .milliseconds(300))
        if !tail.isEmpty { capture.terminalReads.append(tail) }
        return side
    }
}

/// A benchmark that could not run, with the reason.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
