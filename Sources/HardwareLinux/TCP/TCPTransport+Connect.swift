import Glibc
import Hardware

extension TCPTransport {
    /// Resolves the host and tries each address in turn with a non-blocking connect bounded by `connectTimeout`.
    func connect() throws -> FileDescriptor {
        let addresses = try resolve()
        defer { freeaddrinfo(addresses) }
        var lastError: any Error = TransportError(.notFound, endpoint: endpointDescription, underlying: "no address")
        let deadline = ContinuousClock.now + connectTimeout
        var entry: UnsafeMutablePointer<addrinfo>? = addresses
        while let info = entry {
            entry = info.pointee.ai_next
            do {
                return try connect(to: info.pointee, deadline: deadline)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    private func resolve() throws -> UnsafeMutablePointer<addrinfo> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let result else {
            throw TransportError(.notFound, endpoint: endpointDescription, underlying: "getaddrinfo: " + String(cString: gai_strerror(status)))
        }
        return result
    }

    private func connect(to info: addrinfo, deadline: ContinuousClock.Instant) throws -> FileDescriptor {
        let raw = try systemCall("socket") {
            Glibc.socket(info.ai_family, info.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
        }
        let descriptor = FileDescriptor(raw, isSocket: true)
        if try connectStarted(raw, info) == false {
            let revents = try descriptor.poll(Int16(POLLOUT), timeout: deadline - ContinuousClock.now)
            if revents == 0 {
                throw TransportError(.timedOut, endpoint: endpointDescription, underlying: "connect did not finish in \(connectTimeout)")
            }
            var pending: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            try systemCall("getsockopt(SO_ERROR)") { getsockopt(raw, SOL_SOCKET, SO_ERROR, &pending, &length) }
            if pending != 0 { throw SystemCallError(call: "connect", code: pending) }
        }
        var one: Int32 = 1
        try systemCall("setsockopt(TCP_NODELAY)") {
            setsockopt(raw, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        return descriptor
    }

    /// Starts a non-blocking connect: `true` when it completed at once, `false` when it is in progress.
    private func connectStarted(_ socket: Int32, _ info: addrinfo) throws(SystemCallError) -> Bool {
        while true {
            if Glibc.connect(socket, info.ai_addr, info.ai_addrlen) == 0 { return true }
            let code = errno
            switch code {
            case EINTR: continue
            case EINPROGRESS, EALREADY: return false
            default: throw SystemCallError(call: "connect", code: code)
            }
        }
    }
}
