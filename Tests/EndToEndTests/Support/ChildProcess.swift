import Foundation
import Synchronization

/// A child process for tests, spawned so that it inherits nothing but its three standard streams.
///
/// Foundation's `Process` on Linux lets every child inherit the test process's open descriptors, and notices a
/// child's exit through a socket the child inherits. A long-lived child (cupsd, a terminal simulator, a tmux
/// server) started while another `Process` was launching keeps that other child's socket and pipe ends open, so
/// its exit or end of output is never seen and the test hangs (swift-corelibs-foundation #4795). It also passes
/// on Dispatch's blocked signal mask, so SIGTERM is ignored (#4772). Here every descriptor above 2 is closed in
/// the child, the signal mask and dispositions are reset, and exit is awaited with `waitpid` on its own thread.
final class ChildProcess: @unchecked Sendable {
    /// The child's process id.
    let pid: pid_t
    /// Read ends of the child's stdout and stderr, when captured.
    let stdout: FileHandle?
    let stderr: FileHandle?
    private let exit = OneShot<Int32>()

    /// How a standard stream of the child is connected.
    enum Stream { case null, pipe, inherit }

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// Spawns `executable` with `arguments` and exactly `environment`. With `.pipe`, read the output through
    /// ``stdout`` / ``stderr`` (or ``collectOutput()``). `extraDescriptors` maps a parent descriptor to the
    /// number it gets in the child (for socket activation).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdout stdoutMode: Stream = .pipe, stderr stderrMode: Stream = .pipe, stdin input: Data? = nil,
        extraDescriptors: [Int32: Int32] = [:]
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        func makePipe() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
            // Not inherited by anything else this process spawns meanwhile (the spawn below dup2s them).
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            return (fds[0], fds[1])
        }

        var stdinWriter: Int32?
        if input != nil {
            let (read, write) = try makePipe()
            posix_spawn_file_actions_adddup2(&actions, read, 0)
            childEnds.append(read)
            stdinWriter = write
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        var readers: [Int32: FileHandle] = [:]
        for (target, mode) in [(Int32(1), stdoutMode), (Int32(2), stderrMode)] {
            switch mode {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .inherit:
                break
            case .pipe:
                let (read, write) = try makePipe()
                posix_spawn_file_actions_adddup2(&actions, write, target)
                childEnds.append(write)
                parentEnds.append(read)
                readers[target] = FileHandle(fileDescriptor: read, closeOnDealloc: true)
            }
        }
        for (parent, child) in extraDescriptors.sorted(by: { $0.value < $1.value }) {
            posix_spawn_file_actions_adddup2(&actions, parent, child)
        }
        let keep = (extraDescriptors.values.max() ?? 2) + 1
        guard Self.addCloseFrom(&actions, keep) == 0 else {
            throw SpawnError(description: "posix_spawn_file_actions_addclosefrom_np failed (glibc 2.34 or newer is needed)")
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var spawned: pid_t = 0
        let status = posix_spawn(&spawned, executable, &actions, &attributes, argv, envp)
        let pid = spawned
        guard status == 0 else {
            parentEnds.forEach { close($0) }
            if let stdinWriter { close(stdinWriter) }
            throw SpawnError(description: "could not start \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.stdout = readers[1]
        self.stderr = readers[2]
        if let stdinWriter, let input {
            let handle = FileHandle(fileDescriptor: stdinWriter, closeOnDealloc: true)
            Thread.detachNewThread {
                try? handle.write(contentsOf: input)
                try? handle.close()
            }
        }
        // Blocking waits run on their own threads, never on the concurrency pool (2 threads on 2 cores).
        let exit = self.exit
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exit.fulfil((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module does not export
    /// without _GNU_SOURCE, looked up at run time.
    private static let addCloseFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc without posix_spawn_file_actions_addclosefrom_np (2.34 or newer is needed)")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// The exit status (128 + signal number when a signal ended it).
    func waitForExit() async -> Int32 { await exit.value() }

    /// Calls `action` with the exit status once the child has exited, on the thread that reaped it (for `defer`
    /// blocks and other synchronous callers, which must not block a concurrency pool thread waiting for it).
    func whenExited(_ action: @escaping @Sendable (Int32) -> Void) { exit.whenFulfilled(action) }

    /// Sends a signal.
    func signal(_ number: Int32) { kill(pid, number) }

    /// Reads stdout and stderr to their end (both at once, so neither pipe fills) and waits for the exit.
    func collectOutput() async -> (status: Int32, stdout: String, stderr: String) {
        async let out = Self.readToEnd(stdout)
        async let err = Self.readToEnd(stderr)
        let (outData, errData) = await (out, err)
        return (await waitForExit(), String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// The child's stdout, line by line as it arrives (read on a thread of its own); finishes at end of output.
    func stdoutLines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        guard let handle = stdout else {
            continuation.finish()
            return stream
        }
        Thread.detachNewThread {
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    continuation.yield(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
            }
            continuation.finish()
        }
        return stream
    }

    /// Reads a handle to its end on a thread of its own.
    static func readToEnd(_ handle: FileHandle?) async -> Data {
        guard let handle else { return Data() }
        let result = OneShot<Data>()
        Thread.detachNewThread { result.fulfil(handle.readDataToEndOfFile()) }
        return await result.value()
    }
}

/// A value set once by one thread and awaited by any number of tasks or threads.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [CheckedContinuation<Value, Never>] = []
        var callbacks: [@Sendable (Value) -> Void] = []
    }
    private let state = Mutex(State())

    func fulfil(_ value: Value) {
        let (waiters, callbacks) = state.withLock { state in
            state.value = value
            defer { state.waiters = []; state.callbacks = [] }
            return (state.waiters, state.callbacks)
        }
        waiters.forEach { $0.resume(returning: value) }
        callbacks.forEach { $0(value) }
    }

    /// Calls `action` with the value: at once if it is set, else on the thread that sets it.
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
