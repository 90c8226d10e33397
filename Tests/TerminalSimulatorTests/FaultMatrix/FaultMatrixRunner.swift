import Hardware
import HardwareTestSupport
import POSFoundation
import TerminalSimulator

/// Runs one ``FaultMatrixCell`` through the real driver and ``DefaultCardReaderService`` against the simulator.
struct FaultMatrixRunner {
    /// What a cell ended in, and what the terminal booked.
    struct Observation: Sendable {
        var endState: FaultMatrixCell.EndState
        /// Approved charges the terminal booked for the faulty payment (0 or 1).
        var charges: Int
        /// How often the counter's payment command reached the terminal's ledger as a transaction.
        var transactions: Int
        /// The approval the counter returned or found again, if any.
        var result: PaymentResult? = nil
        /// The approval the terminal booked for the faulty payment, if any.
        var booked: SimulatedTransaction? = nil
        /// Terminal faults: how far the counter's clock moved from the terminal's last byte to the payment's end.
        var silence: Duration? = nil
    }

    /// How the faulty payment itself ended, before any resolution.
    enum PaymentEnd: Sendable {
        case approved(PaymentResult)
        case unknown(UnknownCardOutcome)
        case failed(CardReaderError)
    }

    static let amount = Money(minorUnits: 1250, currency: .eur)

    let cell: FaultMatrixCell
    let ledger = TerminalLedger()
    let clock = ManualClock()

    func run() async throws -> Observation {
        let connection = await FaultConnection.open(cell.line, ledger: ledger, clock: clock)
        let (direction, label) = Self.trigger(cell.step)
        if cell.step == .registration {
            await connection.relay.arm(cell.fault, at: label, going: direction)
            let connected = Task { () -> Bool in (try? await connection.service.connect(connection.address)) != nil }
            var ok = await finish(connected, connection: connection)
            if cell.fault == .posKilled {
                await connection.close()
                let fresh = await FaultConnection.open(cell.line, ledger: ledger, clock: clock)
                ok = (try? await fresh.service.connect(fresh.address)) != nil
                await fresh.close()
            } else {
                await connection.close()
            }
            return Observation(endState: ok ? .connected : .notConnected, charges: ledger.approvals.count,
                               transactions: ledger.transactions.count)
        }
        // A clean payment first, so the terminal has a last receipt and the driver knows its number.
        _ = try await connection.service.connect(connection.address)
        guard case .approved(let first) = await Self.pay(connection.service) else { throw RunError.warmUpFailed }
        let booked = ledger.transactions.count
        await connection.relay.arm(cell.fault, at: label, going: direction)
        let payment = Task { await Self.pay(connection.service) }
        var end = await finish(payment, connection: connection)
        if cell.fault == .posKilled {
            // What the journal holds: the attempt, with the receipt number known before the request left.
            end = .unknown(UnknownCardOutcome(
                reader: connection.address.description, kind: .payment, amount: Self.amount, reason: "posKilled",
                previousReceiptNumber: cell.line == .concert ? nil : first.receiptNumber
            ))
        }
        await connection.close()
        let state: FaultMatrixCell.EndState
        var result: PaymentResult?
        switch end {
        case .approved(let approved):
            state = .approved
            result = approved
        case .failed: state = .notCharged
        case .unknown(let unknown):
            let fresh = await FaultConnection.open(cell.line, ledger: ledger, clock: clock)
            let resolution: Result<UnknownOutcomeResolution, CardReaderError>
            do {
                _ = try await fresh.service.connect(fresh.address)
                resolution = .success(try await fresh.service.resolveUnknownOutcome(unknown))
            } catch {
                resolution = .failure(error)
            }
            await fresh.close()
            switch try resolution.get() {
            case .approved(let found):
                state = .unknownThenApproved
                result = found
            case .notCharged: state = .unknownThenNotCharged
            case .stillUnknown: state = .unknownKept
            }
        }
        let ours = ledger.transactions.dropFirst(booked)
        return Observation(endState: state, charges: ours.filter(\.isApproved).count, transactions: ours.count,
                           result: result, booked: ours.first(where: \.isApproved))
    }

    /// Waits for `task`; for a timeout (or pos killed) first waits until the relay saw the step handled, then
    /// moves the clock (timeout) or tears the driver down (pos killed).
    private func finish<T: Sendable>(_ task: Task<T, Never>, connection: FaultConnection) async -> T {
        switch cell.fault {
        case .timeout, .nakStorm where cell.step == .enquiry || Self.trigger(cell.step).0 == .toCounter:
            // Only the counter's timers can move things on: the terminal is silent (timeout), refuses the line so
            // the counter pauses before its next ENQ, or waits for an acknowledgement it keeps refusing. Nothing
            // else is in flight that a tick could overtake. (Where the counter's own request meets the NAKs, the
            // NAKs answer at once and the clock stays put, so no timer races them.)
            var settled = connection.relay.settled.makeAsyncIterator()
            _ = await settled.next()
            let ticker = Task {
                while !Task.isCancelled {
                    if clock.sleeperCount > 0 { clock.advance(by: .seconds(60)) }
                    await Task.yield()
                }
            }
            defer { ticker.cancel() }
            return await task.value
        case .posKilled:
            var settled = connection.relay.settled.makeAsyncIterator()
            _ = await settled.next()
            await connection.driver.current?.disconnect()
            return await task.value
        case .droppedLine, .garbage, .nakStorm:
            return await task.value
        }
    }

    static func pay(_ service: DefaultCardReaderService) async -> PaymentEnd {
        do {
            for try await step in service.collectPayment(PaymentRequest(amount: amount, reference: "ORDER-7")) {
                switch step {
                case .completed(let result): return .approved(result)
                case .outcomeUnknown(let unknown): return .unknown(unknown)
                case .prompt, .printLine: continue
                }
            }
            return .failed(CardReaderError(phase: .authorization, underlying: .transportFailed))
        } catch let error as CardReaderError {
            return .failed(error)
        } catch {
            return .failed(CardReaderError(phase: .authorization, underlying: .transportFailed))
        }
    }

    static func trigger(_ step: FaultMatrixCell.Step) -> (FaultRelay.Direction, String) {
        switch step {
        case .registration: (.toTerminal, "0600")
        case .authorizationSent: (.toTerminal, "0601")
        case .intermediateStatus: (.toCounter, "04FF")
        case .statusInformation: (.toCounter, "040F")
        case .printLines: (.toCounter, "06D1")
        case .completion: (.toCounter, "060F")
        case .enquiry: (.toTerminal, "ENQ")
        case .requestFrame: (.toTerminal, "frame34")
        case .awaitingAnswer: (.toTerminal, "EOT")
        case .answerReceived: (.toCounter, "frame80")
        }
    }

    enum RunError: Error { case warmUpFailed }
}
