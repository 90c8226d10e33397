import Dispatch
import Foundation
import Synchronization

/// A small HTTP/1.1 server over POSIX sockets: one thread per connection, keep-alive, clean stop.
///
/// The handler is called on the connection's thread and must not block for long.
/// Public so other test servers (the fiskaly route simulator) can answer over the same HTTP layer.
public final class HTTPServer: Sendable {
    /// Turns a request into a response.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The largest request head accepted.
    static let maximumHeadBytes = 64 * 1024
    /// The largest request body accepted.
    static let maximumBodyBytes = 32 * 1024 * 1024

    private struct State {
        var listener: Int32 = -1
        var connections: Set<Int32> = []
        var stopped = false
        var acceptDone: DispatchSemaphore?
    }

    private let handler: Handler
    private let state = Mutex(State())

    public init(handler: @escaping Handler) {
        self.handler = handler
    }

    /// Binds 127.0.0.1:`port` and starts accepting; returns the bound port.
    public func start(port: UInt16) throws -> UInt16 {
        let (fd, bound) = try Socket.listen(port: port)
        let done = DispatchSemaphore(value: 0)
        state.withLock {
            $0.listener = fd
            $0.stopped = false
            $0.acceptDone = done
        }
        let thread = Thread { [self] in
            acceptLoop(listener: fd)
            Socket.close(fd)
            done.signal()
        }
        thread.name = "woo-test-server.accept"
        thread.start()
        return bound
    }

    /// Closes the listener and every open connection; returns once the accept thread is gone.
    public func stop() {
        let done = state.withLock { state -> DispatchSemaphore? in
            guard !state.stopped else { return nil }
            state.stopped = true
            if state.listener >= 0 { Socket.shutdownBoth(state.listener) }
            for fd in state.connections { Socket.shutdownBoth(fd) }
            let done = state.acceptDone
            state.acceptDone = nil
            return done
        }
        done?.wait()
    }

    // MARK: - Accepting

    private func acceptLoop(listener: Int32) {
        while let fd = Socket.accept(listener) {
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(fd)
                return true
            }
            guard admitted else {
                Socket.close(fd)
                break
            }
            let thread = Thread { [self] in
                serve(fd)
                state.withLock {
                    $0.connections.remove(fd)
                    Socket.close(fd)
                }
            }
            thread.name = "woo-test-server.connection"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    // MARK: - One connection

    private func serve(_ fd: Int32) {
        var buffer: [UInt8] = []
        while true {
            let outcome = HTTPRequestReader.readRequest(from: fd, buffer: &buffer)
            switch outcome {
            case .closed:
                return
            case let .invalid(status, message):
                let response = HTTPResponse.json(status, RESTError(status, "http_bad_request", message).json)
                Socket.write(fd, response.head(keepAlive: false) + response.body)
                return
            case let .request(request):
                let response = handler(request)
                let keepAlive = !request.wantsClose && !response.closesConnection
                switch response.delivery {
                case .reset:
                    Socket.armReset(fd)
                    return
                case .truncated:
                    let cut = response.body.count / 2
                    Socket.write(fd, response.head(keepAlive: false) + response.body.prefix(cut))
                    return
                case .normal:
                    guard Socket.write(fd, response.head(keepAlive: keepAlive) + response.body), keepAlive else {
                        return
                    }
                }
            }
        }
    }
}
