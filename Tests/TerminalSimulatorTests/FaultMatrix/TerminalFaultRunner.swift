import Hardware
import HardwareTestSupport
import POSFoundation
import TerminalSimulator

/// Runs one ``TerminalFaultCell`` through the real driver and ``DefaultCardReaderService`` against the simulator,
/// on a direct pipe (no relay: the terminal's own script is the fault).
///
/// The clock moves only when the simulator has announced its silence, and only to the counter's limit that the
/// silence must run out: the runner waits until a timer of exactly that length is pending, then advances to it.
/// Everything after (the abort, Status Enquiry, Repeat Receipt) runs on the terminal's real answers, with the
/// clock still, so no timer can overtake them.
struct TerminalFaultRunner {
    let cell: TerminalFaultCell
    let ledger = TerminalLedger()
    let clock = ManualClock()
    let timeouts = ZVTTimeouts.standard

    func run() async throws -> FaultMatrixRunner.Observation {
        let (counter, terminal) = PipeTransport.pair()
        let framing: ZVTCardReader.Framing = cell.line == .zvtTCP ? .bareAPDU : .serial
        let (announcements, announcer) = AsyncStream<String>.makeStream()
        let engine = ZVTTerminalEngine(
            framing: framing, script: TerminalScript(outcomes: [.approve, cell.fault.outcome]), ledger: ledger,
            acknowledgeTimeout: FaultConnection.simulatorPatience, announce: { announcer.yield($0) }
        )
        let server = Task { await engine.serve(terminal) }
        let address = cell.line == .zvtTCP
            ? ReaderAddress(terminalProtocol: .zvt, link: .tcp(host: "127.0.0.1", port: 20007))
            : ReaderAddress(terminalProtocol: .zvt, link: .serial(path: "/dev/ttyS0"))
        let service = DefaultCardReaderService(makeDriver: { address throws(CardReaderError) in
            ZVTCardReader(transport: counter, framing: framing, address: address, currency: .eur, clock: clock,
                          timeouts: timeouts)
        })
        defer { server.cancel() }

        // A clean payment first, so the terminal has a last receipt and the driver knows its number.
        _ = try await service.connect(address)
        guard case .approved = await FaultMatrixRunner.pay(service) else { throw FaultMatrixRunner.RunError.warmUpFailed }
        let booked = ledger.transactions.count
        let payment = Task { await FaultMatrixRunner.pay(service) }
        var heard = announcements.makeAsyncIterator()
        while let line = await heard.next(), !line.hasPrefix("SILENT") {}
        let silentAt = clock.now
        if cell.fault == .truncatedFrame {
            // The frame-completion limit (TCP) or T1 (serial) drops the cut frame; the rest of the silence limit then
            // runs from the terminal's last byte; the abort is acknowledged and never answered (it booked).
            let gap = framing == .bareAPDU ? timeouts.frameCompletionLimit : timeouts.interByte
            await advance(to: gap)
            await advance(to: timeouts.silenceAfterAcknowledge - gap)
            while let line = await heard.next(), !line.hasPrefix("ABORT") {}
            await advance(to: timeouts.acknowledge)
        } else if cell.fault.isSilentBeforeResult {
            await advance(to: timeouts.silenceAfterAcknowledge)
            if cell.fault.ignoresAbort {
                while let line = await heard.next(), !line.hasPrefix("ABORT") {}
                await advance(to: timeouts.acknowledge)  // the terminal never answers the abort with 06 1E
            }
        } else {
            await advance(to: timeouts.completionAfterStatus)
        }
        let end = await payment.value
        let silence = silentAt.duration(to: clock.now)
        await service.disconnect()
        await counter.close()

        let state: FaultMatrixCell.EndState
        var result: PaymentResult?
        switch end {
        case .approved(let approved):
            state = .approved
            result = approved
        case .failed: state = .notCharged
        case .unknown: state = .unknownKept
        }
        let ours = ledger.transactions.dropFirst(booked)
        return FaultMatrixRunner.Observation(
            endState: state, charges: ours.filter(\.isApproved).count, transactions: ours.count, result: result,
            booked: ours.first(where: \.isApproved), silence: silence
        )
    }

    /// Waits until the driver's timer of `limit` is pending (started at the terminal's last byte), then moves the
    /// clock to it.
    private func advance(to limit: Duration) async {
        await clock.waitForSleeper(dueIn: limit)
        clock.advance(by: limit)
    }
}
