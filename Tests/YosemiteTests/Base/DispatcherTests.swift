import Testing
@testable import Yosemite

@MainActor
struct DispatcherTests {
    enum PingAction: Action {
        case ping(Int)
    }

    enum PongAction: Action {
        case pong
    }

    final class Recorder: ActionsProcessor {
        var received: [Int] = []
        func onAction(_ action: any Action) {
            if case .ping(let value) = action as? PingAction { received.append(value) }
        }
    }

    final class Unhandled {
        var actions: [String] = []
    }

    @Test func dispatch_registeredType_reachesItsProcessorInOrder() {
        // Given
        let dispatcher = Dispatcher(onUnhandledAction: { Issue.record("unexpected \($0)") })
        let recorder = Recorder()
        dispatcher.register(processor: recorder, for: PingAction.self)
        // When
        dispatcher.dispatch(PingAction.ping(1))
        dispatcher.dispatch(PingAction.ping(2))
        // Then
        #expect(recorder.received == [1, 2])
    }

    @Test func dispatch_unregisteredType_failsLoudlyThroughTheHandler() {
        // Given
        let unhandled = Unhandled()
        let dispatcher = Dispatcher(onUnhandledAction: { unhandled.actions.append(String(describing: type(of: $0))) })
        let recorder = Recorder()
        dispatcher.register(processor: recorder, for: PingAction.self)
        // When
        dispatcher.dispatch(PongAction.pong)
        // Then
        #expect(unhandled.actions == ["PongAction"])
        #expect(recorder.received.isEmpty)
    }

    @Test func unregister_processor_stopsRouting() {
        // Given
        let unhandled = Unhandled()
        let dispatcher = Dispatcher(onUnhandledAction: { unhandled.actions.append(String(describing: type(of: $0))) })
        let recorder = Recorder()
        dispatcher.register(processor: recorder, for: PingAction.self)
        // When
        dispatcher.unregister(processor: recorder)
        dispatcher.dispatch(PingAction.ping(1))
        // Then
        #expect(!dispatcher.isRegistered(PingAction.self))
        #expect(unhandled.actions == ["PingAction"])
    }

    @Test func register_processorReleased_isNoLongerRegistered() {
        // Given
        let dispatcher = Dispatcher(onUnhandledAction: { _ in })
        var recorder: Recorder? = Recorder()
        dispatcher.register(processor: recorder!, for: PingAction.self)
        #expect(dispatcher.isRegistered(PingAction.self))
        // When
        recorder = nil
        // Then: the dispatcher holds processors weakly, so a torn-down state leaves nothing behind.
        #expect(!dispatcher.isRegistered(PingAction.self))
    }
}
