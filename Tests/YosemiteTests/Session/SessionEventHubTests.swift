import Foundation
import Hardware
import POSFoundation
import Storage
import Synchronization
import Testing
import YosemiteTestSupport
@testable import Yosemite

/// A device monitor double: the devices a test plugs in and pulls out.
final class ScriptedDeviceMonitor: DeviceMonitor {
    private let continuations = Mutex<[AsyncStream<DeviceEvent>.Continuation]>([])
    private let present: [USBDeviceIdentity]
    /// Yields once for each subscription to ``events()``.
    let subscriptions: AsyncStream<Void>
    private let subscribed: AsyncStream<Void>.Continuation

    init(present: [USBDeviceIdentity] = []) {
        self.present = present
        (subscriptions, subscribed) = AsyncStream.makeStream(of: Void.self)
    }

    func currentDevices() async throws -> [USBDeviceIdentity] { present }

    func events() -> AsyncStream<DeviceEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DeviceEvent.self)
        continuations.withLock { $0.append(continuation) }
        subscribed.yield()
        return stream
    }

    func emit(_ event: DeviceEvent) {
        for continuation in continuations.withLock({ $0 }) { continuation.yield(event) }
    }
}

/// The session's event stream: the current value first, then each change from the database (no polling), the
/// device monitor, connectivity and the reader; it ends with its session.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SessionEventHubTests {
    static let desk = USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, busAddress: "001/004")

    /// The first event of `events` that satisfies `condition`.
    func first(_ events: AsyncStream<SessionEvent>, where condition: (SessionEvent) -> Bool) async -> SessionEvent? {
        for await event in events where condition(event) { return event }
        return nil
    }

    @Test func events_currentValueFirstThenEachOutboxChange() async throws {
        // Given a session on an empty database
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let environment = try AppEnvironment.test(directory: directory)
        let hub = SessionEventHub(environment: environment, isDemo: false)
        defer { hub.stop() }
        let events = hub.events()
        var iterator = events.makeAsyncIterator()
        let current = await iterator.next()

        // When an order is queued for the store
        try await environment.database.performAndSave { db in
            _ = try OutboxRecord.enqueue(.createOrder, orderId: nil, entityId: "c-1", payload: "{}", in: db)
        }

        // Then the subscriber got the current state at once, then the count from the database's observation
        #expect(current?.pendingEntries == 0)
        #expect(current?.connectivity == .notChecked)
        let changed = await first(events) { $0.pendingEntries == 1 }
        #expect(changed?.unsyncedOrders == 1)
    }

    @Test func events_registerSwitchedIntoTrainingAndOut_theEventSaysSo() async throws {
        // Given a session on an empty database, out of training
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let environment = try AppEnvironment.test(directory: directory)
        let hub = SessionEventHub(environment: environment, isDemo: false)
        defer { hub.stop() }
        let events = hub.events()
        #expect(await first(events) { !$0.training } != nil)

        // When the register is switched into training, then out of it
        #expect(try await environment.database.setRegisterTraining(true))
        let on = await first(events) { $0.training }
        #expect(try await environment.database.setRegisterTraining(false))
        let off = await first(events) { !$0.training }

        // Then the events follow the database's mode (the status line's TRAINING banner)
        #expect(on != nil && off != nil)
    }

    @Test func events_aTerminalPluggedInAndPulledOut_showsAndLeavesThePluggedList() async throws {
        // Given a session whose device monitor a test drives
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        var environment = try AppEnvironment.test(directory: directory)
        let monitor = ScriptedDeviceMonitor()
        environment.deviceMonitor = monitor
        let hub = SessionEventHub(environment: environment, isDemo: false)
        defer { hub.stop() }
        let events = hub.events()
        // The presence has started once the (empty) list of devices was published.
        #expect(await first(events) { $0.reader.plugged.isEmpty } != nil)

        // When the Desk/5000 is plugged in (with its TTY, which is the same device) and pulled out again
        var plugged: SessionEvent?
        var unplugged: SessionEvent?
        let watcher = Task {
            let added = await first(events) { !$0.reader.plugged.isEmpty }
            let removed = await first(events) { $0.reader.plugged.isEmpty }
            return (added, removed)
        }
        var subscriptions = monitor.subscriptions.makeAsyncIterator()
        _ = await subscriptions.next()
        monitor.emit(.added(Self.desk))
        monitor.emit(.added(USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, ttyPath: "/dev/ttyACM0")))
        monitor.emit(.removed(Self.desk))
        (plugged, unplugged) = await watcher.value

        // Then
        #expect(plugged?.reader.plugged == [SessionEvent.PluggedReader(address: "concert+usb://0b00:0080",
                                                                        name: "Ingenico Desk/5000", usbID: "0b00:0080")])
        #expect(unplugged?.reader.plugged == [])
    }

    @Test func events_connectivityAndReader_followTheEngineAndTheCoordinator() async throws {
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let hub = SessionEventHub(environment: try AppEnvironment.test(directory: directory), isDemo: false)
        defer { hub.stop() }
        let events = hub.events()

        hub.connectivity.markOffline(error: "connection refused")
        #expect(await first(events) { $0.connectivity == .offline(lastError: "connection refused") } != nil)
        hub.readerBusy(true)
        #expect(await first(events) { $0.reader.isBusy } != nil)
        hub.readerBusy(false)
        hub.connectivity.markOnline()
        let last = await first(events) { $0.connectivity == .online }
        #expect(last?.reader.isBusy == false)
    }

    @Test func sessionEvents_endWithTheirSession_andTheDemoHasNoNetwork() async throws {
        // Given a logged-out counter following its session's events
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        let loggedOut = manager.sessionEvents()

        // When the demo store opens (another session)
        try await manager.openDemo()

        // Then the logged-out stream ended, and the demo's says there is no network
        for await _ in loggedOut {}
        let demo = await first(manager.sessionEvents()) { _ in true }
        #expect(demo?.connectivity == .demo)
    }
}
