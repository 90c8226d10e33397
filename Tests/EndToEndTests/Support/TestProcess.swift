import Foundation
import Subprocess
import Synchronization
import SystemPackage
import Testing

/// A child process for tests, spawned through swift-subprocess, that never hangs a test.
///
/// Foundation's `Process` on Linux lets every child inherit the test process's open descriptors and Dispatch's
/// blocked signal mask (swift-corelibs-foundation #4795, #4772): a long-lived child (cupsd, a terminal simulator,
/// a tmux server) keeps another child's pipe ends open, so its end of output is never seen. swift-subprocess
/// closes every descriptor above 2 in the child and resets its signal mask and dispositions, awaits the exit on
/// its own monitor thread (a pidfd in epoll) and reads the pipes through epoll: no blocking wait runs on the
/// concurrency pool (two threads on two cores). It also stops reading when the child exits even if a grandchild
/// still holds the pipe.
///
/// Unlike `Subprocess.run`, whose child lives for one closure, a `TestProcess` may outlive the call that starts
/// it (a simulator a test talks to, then terminates). Every child has a deadline: past it, it is killed with
/// SIGKILL and the test records an issue naming the command, so a wedged child fails its test instead of
/// hanging the run.
final class TestProcess: Sendable {
    /// How the child's stdout or stderr is used. Both are always read (so neither pipe fills); `.null` drops it.
    enum Stream: Sendable { case null, pipe }

    /// The child's process id.
    let pid: pid_t
    /// `executable arguments…`, for messages.
    let command: String
    private let output: Captured
    private let errors: Captured
    private let exit: OneShot<Int32>

    private init(pid: pid_t, command: String, output: Captured, errors: Captured, exit: OneShot<Int32>) {
        self.pid = pid
        self.command = command
        self.output = output
        self.errors = errors
        self.exit = exit
    }

    /// Starts `executable` with `arguments` and exactly `environment`. `stdin` is written to its standard input,
    /// or `stdinDescriptor` becomes it (left open here), or it reads /dev/null. After `timeout` the child is
    /// killed and an issue recorded.
    static func start(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdout: Stream = .pipe, stderr: Stream = .pipe, stdin: Data? = nil, stdinDescriptor: Int32? = nil,
        timeout: Duration = .seconds(300)
    ) async throws -> TestProcess {
        let configuration = Configuration(
            executable: .path(FilePath(executable)), arguments: Arguments(arguments),
            environment: .custom(Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(stringLiteral: $0.key), $0.value) })))
        let command = ([executable] + arguments).joined(separator: " ")
        let output = Captured(keep: stdout == .pipe)
        let errors = Captured(keep: stderr == .pipe)
        let started = OneShot<Result<pid_t, any Error>>()
        let exit = OneShot<Int32>()
        let launch = Launch(configuration: configuration, output: output, errors: errors, started: started, exit: exit)
        if let stdin {
            launch.run(input: .data(stdin))
        } else if let stdinDescriptor {
            launch.run(input: .fileDescriptor(FileDescriptor(rawValue: stdinDescriptor), closeAfterSpawningProcess: false))
        } else {
            launch.run(input: .none)
        }
        let pid = try await started.value().get()
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            guard !exit.isFulfilled else { return }
            kill(pid, SIGKILL)
            Issue.record("\(command) was still running after \(timeout): killed")
        }
        exit.whenFulfilled { _ in watchdog.cancel() }
        return TestProcess(pid: pid, command: command, output: output, errors: errors, exit: exit)
    }

    /// The exit status (128 + signal number when a signal ended it).
    func waitForExit() async -> Int32 { await exit.value() }

    /// Calls `action` with the exit status once the child has exited (at once if it has), for `defer` blocks and
    /// other synchronous callers, which must not block waiting for it.
    func whenExited(_ action: @escaping @Sendable (Int32) -> Void) { exit.whenFulfilled(action) }

    /// Sends a signal, unless the child has already exited (its pid may have been reused).
    func signal(_ number: Int32) {
        guard !exit.isFulfilled else { return }
        kill(pid, number)
    }

    /// Waits for the exit and returns the status with all of stdout and stderr.
    func collectOutput() async -> (status: Int32, stdout: String, stderr: String) {
        let status = await exit.value()
        return (status, await output.text(), await errors.text())
    }

    /// All of stderr, once the child has exited.
    func standardError() async -> String {
        _ = await exit.value()
        return await errors.text()
    }

    /// The child's stdout, line by line as it arrives; finishes at its end. One reader.
    func stdoutLines() -> AsyncStream<String> { output.lines }
}

extension TestProcess {
    /// Starts the child and runs it to its end: its status, stdout and stderr.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdout: Stream = .pipe, stderr: Stream = .pipe, stdin: Data? = nil, timeout: Duration = .seconds(300)
    ) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await start(executable, arguments, environment: environment, stdout: stdout, stderr: stderr, stdin: stdin,
                        timeout: timeout).collectOutput()
    }
}

/// One `Subprocess.run` in a task of its own: it reports the pid once spawned (or the spawn's error), feeds the
/// output into ``Captured``, and the status into `exit`.
private struct Launch: Sendable {
    let configuration: Configuration
    let output: Captured
    let errors: Captured
    let started: OneShot<Result<pid_t, any Error>>
    let exit: OneShot<Int32>

    func run<Input: InputProtocol>(input: Input) {
        Task {
            do {
                let result = try await Subprocess.run(
                    configuration, input: input, output: .sequence, error: .sequence
                ) { execution in
                    started.fulfil(.success(execution.processIdentifier.value))
                    async let out: Void = output.read(execution.standardOutput)
                    async let err: Void = errors.read(execution.standardError)
                    _ = await (out, err)
                }
                output.finish()
                errors.finish()
                let status: Int32 = switch result.terminationStatus {
                case .exited(let code): code
                case .signaled(let signal): 128 + signal
                }
                exit.fulfil(status)
            } catch {
                output.finish()
                errors.finish()
                if started.isFulfilled {
                    exit.fulfil(-1)
                } else {
                    started.fulfil(.failure(error))
                }
            }
        }
    }
}

/// A stream of the child's output: kept whole (when asked) and split into lines as it arrives.
private final class Captured: Sendable {
    let lines: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let keep: Bool
    private let state = Mutex<(all: Data, partial: Data)>((Data(), Data()))
    private let done = OneShot<Void>()

    init(keep: Bool) {
        self.keep = keep
        (lines, continuation) = AsyncStream<String>.makeStream()
    }

    func read(_ sequence: SubprocessOutputSequence) async {
        do {
            for try await buffer in sequence {
                let chunk = buffer.withUnsafeBytes { Data($0) }
                guard keep else { continue }
                let complete: [String] = state.withLock { state in
                    state.all.append(chunk)
                    state.partial.append(chunk)
                    var lines: [String] = []
                    while let newline = state.partial.firstIndex(of: 0x0A) {
                        lines.append(String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self))
                        state.partial.removeSubrange(state.partial.startIndex...newline)
                    }
                    return lines
                }
                complete.forEach { continuation.yield($0) }
            }
        } catch {
            // The pipe closed under us (the child exited while a grandchild held it): what was read stands.
        }
    }

    func finish() {
        let rest = state.withLock { state -> Data in
            defer { state.partial = Data() }
            return state.partial
        }
        if !rest.isEmpty { continuation.yield(String(decoding: rest, as: UTF8.self)) }
        continuation.finish()
        done.fulfil(())
    }

    /// Everything read, once the output has ended.
    func text() async -> String {
        await done.value()
        return state.withLock { String(decoding: $0.all, as: UTF8.self) }
    }
}

/// A value set once and awaited by any number of tasks, or handed to callbacks.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [CheckedContinuation<Value, Never>] = []
        var callbacks: [@Sendable (Value) -> Void] = []
    }
    private let state = Mutex(State())

    var isFulfilled: Bool { state.withLock { $0.value != nil } }

    /// Sets the value; a second call is ignored.
    func fulfil(_ value: Value) {
        let (waiters, callbacks) = state.withLock { state -> ([CheckedContinuation<Value, Never>], [@Sendable (Value) -> Void]) in
            guard state.value == nil else { return ([], []) }
            state.value = value
            defer { state.waiters = []; state.callbacks = [] }
            return (state.waiters, state.callbacks)
        }
        waiters.forEach { $0.resume(returning: value) }
        callbacks.forEach { $0(value) }
    }

    /// Calls `action` with the value: at once if it is set, else when it is set.
    func whenFulfilled(_ action: @escaping @Sendable (Value) -> Void) {
        let ready = state.withLock { state -> Value? in
            if let value = state.value { return value }
            state.callbacks.append(action)
            return nil
        }
        if let ready { action(ready) }
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                if let value = state.value { return value }
                state.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
