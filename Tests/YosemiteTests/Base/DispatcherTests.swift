import Testing
@testable import Yosemite

@MainActor
struct DispatcherTests {
    struct PingError: ActionFailure, Equatable {
        var code: Int
        var unhandled: UnhandledAction?

        init(code: Int) {
            self.code = code
        }

        static func unhandled(_ unhandled: UnhandledAction) -> PingError {
            var error = PingError(code: 0)
            error.unhandled = unhandled
            return error
        }
    }

    enum PongError: ActionFailure, Equatable {
        case unhandled(UnhandledAction)
    }

    enum PingAction: Action {
        typealias Failure = PingError
        case ping(Int, reply: Reply<Int>)
        case fail(code: Int, reply: Reply<Int>)
        case note(String, reply: Reply<Void>)
        case wait(reply: Reply<Bool>)
    }

    enum PongAction: Action {
        typealias Failure = PongError
        case pong(reply: Reply<Void>)
    }

    /// The names of the actions an unhandled-action handler was told of (on the main actor, like the handler).
    @MainActor
    final class ToldActions {
        var names: [String] = []
    }

    final class Pinger: ActionsProcessor {
        var notes: [String] = []

        func onAction(_ action: PingAction) async throws(PingError) -> Replied {
            switch action {
            case let .ping(value, reply):
                return reply(value * 2)
            case let .fail(code, _):
                throw PingError(code: code)
            case let .note(text, reply):
                notes.append(text)
                return reply()
            case let .wait(reply):
                // Suspends until the caller's task is cancelled: cancellation reaches the processor.
                let (stream, continuation) = AsyncStream<Never>.makeStream()
                defer { continuation.finish() }
                for await _ in stream {}
                return reply(Task.isCancelled)
            }
        }
    }

    @Test func dispatch_registeredType_returnsTheTypedValueInOrder() async throws {
        // Given
        let dispatcher = Dispatcher()
        let pinger = Pinger()
        dispatcher.register(processor: pinger)
        // When
        let doubled: Int = try await dispatcher.dispatch { PingAction.ping(21, reply: $0) }
        try await dispatcher.dispatch { PingAction.note("a", reply: $0) }
        try await dispatcher.dispatch { PingAction.note("b", reply: $0) }
        // Then
        #expect(doubled == 42)
        #expect(pinger.notes == ["a", "b"])
    }

    @Test func dispatch_processorThrows_throwsTheDomainErrorTyped() async {
        // Given
        let dispatcher = Dispatcher()
        let pinger = Pinger()
        dispatcher.register(processor: pinger)
        // When
        do throws(PingError) {
            _ = try await dispatcher.dispatch { PingAction.fail(code: 7, reply: $0) }
            Issue.record("expected a PingError")
        } catch {
            // Then: `error` is a PingError, not `any Error`.
            #expect(error == PingError(code: 7))
        }
    }

    @Test func dispatch_callerCancelled_cancelsTheProcessorsWork() async throws {
        // Given
        let dispatcher = Dispatcher()
        let pinger = Pinger()
        dispatcher.register(processor: pinger)
        // When
        let call = Task { try await dispatcher.dispatch { PingAction.wait(reply: $0) } }
        call.cancel()
        // Then: the processor runs in the caller's task and sees the cancellation.
        #expect(try await call.value == true)
    }

    @Test func dispatch_unregisteredType_throwsTheDomainsUnhandledErrorTyped() async {
        // Given: a dispatcher with a processor for PingAction only
        let dispatcher = Dispatcher()
        let pinger = Pinger()
        dispatcher.register(processor: pinger)
        // When
        do throws(PongError) {
            try await dispatcher.dispatch { PongAction.pong(reply: $0) }
            Issue.record("expected PongError.unhandled")
        } catch {
            // Then: `error` is a PongError naming the action type, and the process lives on.
            #expect(error == .unhandled(UnhandledAction(action: "PongAction")))
        }
        withExtendedLifetime(pinger) {}
    }

    @Test func dispatch_processorReleased_throwsTheDomainsUnhandledError() async {
        // Given
        let dispatcher = Dispatcher()
        var pinger: Pinger? = Pinger()
        dispatcher.register(processor: pinger!)
        pinger = nil
        // When
        do throws(PingError) {
            _ = try await dispatcher.dispatch { PingAction.ping(1, reply: $0) }
            Issue.record("expected PingError.unhandled")
        } catch {
            // Then
            #expect(error == PingError.unhandled(UnhandledAction(action: "PingAction")))
        }
    }

    @Test func unhandledAction_message_namesTheActionAndSaysHowToGetIt() {
        let unhandled = UnhandledAction(PongAction.self)
        #expect(unhandled.action == "PongAction")
        #expect(unhandled.message.contains("PongAction"))
        #expect(unhandled.recoverySuggestion.contains("pos login"))
    }

    @Test func register_secondProcessorForAType_failsLoudly() async {
        await #expect(processExitsWith: .failure) {
            await Self.registerTwoPingers()
        }
    }

    private static func registerTwoPingers() {
        let dispatcher = Dispatcher()
        let first = Pinger(), second = Pinger()
        dispatcher.register(processor: first)
        dispatcher.register(processor: second)
        withExtendedLifetime((first, second)) {}
    }

    @Test func register_sameProcessorTwice_isAllowed() async throws {
        let dispatcher = Dispatcher()
        let pinger = Pinger()
        dispatcher.register(processor: pinger)
        dispatcher.register(processor: pinger)
        #expect(try await dispatcher.dispatch { PingAction.ping(1, reply: $0) } == 2)
    }

    @Test func register_processorReleased_isNoLongerRegistered() {
        // Given
        let dispatcher = Dispatcher()
        var pinger: Pinger? = Pinger()
        dispatcher.register(processor: pinger!)
        #expect(dispatcher.isRegistered(PingAction.self))
        // When
        pinger = nil
        // Then: the dispatcher holds processors weakly, so a torn-down state leaves nothing behind.
        #expect(!dispatcher.isRegistered(PingAction.self))
    }

    @Test func unhandledActionHandler_isToldOfTheActionBeforeTheDispatchThrows() async {
        // Given
        let told = ToldActions()
        let dispatcher = Dispatcher(onUnhandledAction: { action in told.names.append("\(type(of: action))") })
        // When
        do throws(PongError) {
            try await dispatcher.dispatch { PongAction.pong(reply: $0) }
            Issue.record("expected PongError.unhandled")
        } catch {
            // Then
            #expect(error == .unhandled(UnhandledAction(action: "PongAction")))
        }
        #expect(told.names == ["PongAction"])
    }
}
