import Foundation
import Hardware
import POSFoundation
import Storage
import Synchronization
import TerminalSimulator
import Testing
@testable import Yosemite

/// A card payment on a USB reader that is pulled out mid-payment: the counter waits for it to come back, asks the
/// terminal about the cut attempt, and completes the sale without charging twice (what `pos reader watch --pay`
/// does, through the same `DevicePresence` and `ReplugRecovery`).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ReplugPaymentTests {
    static let cable = USBDeviceIdentity(vendorID: 0x0403, productID: 0x6001, busAddress: "001/002")

    @Test func collectPayment_readerPulledOutAndPluggedBackIn_resolvesTheCutAttemptWithoutASecondCharge() async throws {
        // Given a USB reader the session sees plugged in; the terminal approves, then the line drops (pulled out)
        let monitor = ScriptedDeviceMonitor(present: [Self.cable])
        let harness = try await CardPaymentTestHarness(script: TerminalScript(outcomes: [.drop, .approve], prompts: []),
                                                       deviceMonitor: monitor)
        let session = try #require(harness.session)
        let events = session.events()
        for await event in events where !event.reader.plugged.isEmpty { break }
        monitor.emit(.removed(Self.cable))
        for await event in events where event.reader.plugged.isEmpty { break }
        let sale = try await harness.openSale()
        let (prompts, prompted) = AsyncStream.makeStream(of: String.self)

        // When the payment is cut off, and the reader is plugged in again once the counter asks for it
        let payment = Task {
            await harness.collect(sale.id, reader: "zvt+usb://0403:6001") { prompt in prompted.yield(prompt.text) }
        }
        for await text in prompts where text.contains("plug it in again") { break }
        monitor.emit(.added(Self.cable))
        let result = await payment.value

        // Then the sale is paid once, by the approval the terminal had booked
        let paid = try result.get()
        #expect(paid.recoveredFromEarlierAttempt)
        #expect(harness.readers.ledger.approvals.count == 1)
        #expect(try await harness.journal().map(\.state) == [.approved])
        #expect(try await harness.sale(sale.id).state == .completed)
    }

    @Test func reconnect_readerStillListedWhenTheLineDrops_waitsUntilItIsPluggedInAgain() async throws {
        // Given a reader the presence still lists when the payment is cut (udev reports the removal a moment later)
        let monitor = ScriptedDeviceMonitor(present: [Self.cable])
        let presence = DevicePresence(monitor: monitor)
        let events = presence.events()
        try await presence.start()
        let pluggedBack = Mutex(false)
        let attempts = Mutex(0)
        // The cable is plugged in again once its removal was seen.
        let replug = Task {
            for await event in events {
                if case .removed = event {
                    pluggedBack.withLock { $0 = true }
                    monitor.emit(.added(Self.cable))
                    return
                }
            }
        }
        let recovery = ReplugRecovery(presence: presence, clock: ContinuousClock(), retryPause: .milliseconds(5))

        // When connecting fails while it is pulled out, and the first try is when udev tells of the removal
        let connected = await recovery.reconnect(try ReaderAddress("zvt+usb://0403:6001")) { () async throws -> Int in
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt == 1 { monitor.emit(.removed(Self.cable)) }
            guard pluggedBack.withLock({ $0 }) else { throw CancellationError() }
            return attempt
        }
        // The replug task is not a child of this test: when the time limit cancels the test (a starved machine, the
        // removal never emitted), cancel it too, or `replug.value` waits for a removal that never comes and the
        // whole `swift test` run hangs after the test's issue is recorded.
        await withTaskCancellationHandler { await replug.value } onCancel: { replug.cancel() }

        // Then it waits for the reader to come back and connects then, instead of reporting it gone
        #expect(connected != nil)
        #expect(await presence.contains("0403:6001"))
    }

    @Test func collectPayment_noSessionFollowingTheDevices_reportsTheUnknownOutcomeAsBefore() async throws {
        let harness = try await CardPaymentTestHarness(script: TerminalScript(outcomes: [.drop, .approve], prompts: []))
        let sale = try await harness.openSale()
        let result = await harness.collect(sale.id, reader: "zvt+usb://0403:6001")
        guard case .failure(.outcomeUnknown) = result else { Issue.record("expected unknown, got \(result)"); return }
        #expect(harness.readers.ledger.approvals.count == 1)
    }
}
