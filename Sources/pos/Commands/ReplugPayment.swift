import Composition
import Foundation
import Hardware
import POSFoundation

/// One card payment that survives the reader being unplugged: an interrupted payment is resolved with the terminal
/// after the reader is back (approved → done, not charged → paid again, unknown → reported), so one sale is never
/// charged twice. Used by the hidden `pos reader watch --pay`.
struct ReplugPayment {
    let address: ReaderAddress
    let amount: Money
    let presence: DevicePresence
    /// How many payments may be started in total (each one only after the terminal said the last charged nothing).
    var maximumAttempts = 3

    /// "approved", "unknown" or "failed".
    func run() async -> String {
        for attempt in 1...maximumAttempts {
            guard let service = await connectWhenPresent() else {
                ReaderWatchCommand.say("payment-connect-failed")
                return "failed"
            }
            ReaderWatchCommand.say("payment-connected attempt=\(attempt)")
            var unknown: UnknownCardOutcome?
            var started = false
            var printing = false
            // What resolving needs if the line drops: the receipt before this payment, and when it started.
            let previous = await service.lastKnownReceiptNumber()
            let startedAt = Int64(Date().timeIntervalSince1970)
            let request = PaymentRequest(amount: amount, reference: "watch", previousReceiptNumber: previous,
                                         startedAtUnixTime: startedAt)
            do {
                for try await step in service.collectPayment(request) {
                    switch step {
                    case .completed(let result):
                        ReaderWatchCommand.say("payment-approved receipt=\(result.receiptNumber.map(String.init) ?? "-")")
                        await service.disconnect()
                        return "approved"
                    case .outcomeUnknown(let outcome):
                        unknown = outcome
                    case .prompt:
                        // The terminal is working on it: the payment is under way.
                        if !started { ReaderWatchCommand.say("payment-started attempt=\(attempt)") }
                        started = true
                    case .printLine:
                        // The terminal booked it and prints the slip: the payment is not complete yet.
                        if !printing { ReaderWatchCommand.say("payment-printing attempt=\(attempt)") }
                        printing = true
                    }
                }
            } catch let error as CardReaderError {
                switch error.underlying {
                case .declined, .aborted, .rejected:
                    ReaderWatchCommand.say("payment-declined \(error.message)")
                    await service.disconnect()
                    return "failed"
                default:
                    unknown = UnknownCardOutcome(reader: address.description, kind: .payment, amount: amount,
                                                 reason: "\(error.underlying)", previousReceiptNumber: previous,
                                                 startedAtUnixTime: startedAt)
                }
            } catch {
                unknown = UnknownCardOutcome(reader: address.description, kind: .payment, amount: amount,
                                             reason: "\(error)", previousReceiptNumber: previous, startedAtUnixTime: startedAt)
            }
            await service.disconnect()
            guard let unknown else { return "failed" }
            ReaderWatchCommand.say("payment-interrupted reason=\(unknown.reason)")
            switch await resolve(unknown) {
            case .approved?:
                ReaderWatchCommand.say("payment-resolved approved")
                return "approved"
            case .notCharged?:
                ReaderWatchCommand.say("payment-resolved not-charged")
            case .stillUnknown(let reason)?:
                ReaderWatchCommand.say("payment-resolved still-unknown \(reason)")
                return "unknown"
            case nil:
                ReaderWatchCommand.say("payment-resolved unreachable")
                return "unknown"
            }
        }
        return "failed"
    }

    /// Waits for the reader to be present, then connects (``ReplugRecovery``, the counter's path too).
    private func connectWhenPresent() async -> (any CardReaderService)? {
        let recovery = ReplugRecovery(presence: presence, clock: ContinuousClock())
        return await recovery.reconnect(address) { () async throws -> any CardReaderService in
            let service = LiveReaderTransports.cardReaderService(currency: amount.currency)
            do {
                _ = try await service.connect(address)
                return service
            } catch {
                await service.disconnect()
                throw error
            }
        }
    }

    /// Reconnects once the reader is back and asks the terminal about `unknown`. The first connection may reach
    /// the reader while it is still being pulled out (udev reports the removal late), so a failed question is asked
    /// again over a fresh connection: asking charges nothing.
    private func resolve(_ unknown: UnknownCardOutcome) async -> UnknownOutcomeResolution? {
        for _ in 1...3 {
            guard let service = await connectWhenPresent() else { return nil }
            ReaderWatchCommand.say("reader-reconnected")
            do {
                let resolution = try await service.resolveUnknownOutcome(unknown)
                await service.disconnect()
                return resolution
            } catch {
                ReaderWatchCommand.say("payment-resolve-failed \(error.message)")
                await service.disconnect()
            }
        }
        return nil
    }
}
