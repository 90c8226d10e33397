import Foundation
import Glibc

/// Thin checked wrappers over the POSIX socket calls the server needs.
enum Socket {
    /// A failed socket call with its errno.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// Opens a listening TCP socket on 127.0.0.1:`port` (0 = ephemeral) and returns it with the bound port.
    static func listen(port: UInt16) throws(Failure) -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "bind", code: code)
        }
        guard Glibc.listen(fd, 256) == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "listen", code: code)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    /// Accepts one connection (retrying EINTR); nil once the listener is shut down.
    static func accept(_ listener: Int32) -> Int32? {
        while true {
            let fd = Glibc.accept(listener, nil, nil)
            if fd >= 0 {
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                var timeout = timeval(tv_sec: 60, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                return fd
            }
            switch errno {
            case EINTR, ECONNABORTED, EMFILE, ENFILE, ENOBUFS, ENOMEM, EPROTO:
                if errno == EMFILE || errno == ENFILE { usleep(10_000) }
                continue
            default: return nil
            }
        }
    }

    /// Reads up to `count` bytes into `buffer`; 0 means end of stream, nil an error or timeout.
    static func read(_ fd: Int32, into buffer: inout [UInt8], count: Int) -> Int? {
        var chunk = [UInt8](repeating: 0, count: count)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count, 0) }
            if n >= 0 {
                buffer.append(contentsOf: chunk[0..<n])
                return n
            }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Writes all of `bytes`; false when the peer is gone.
    @discardableResult
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Arms an abortive close: the following `close` sends a TCP RST instead of a FIN.
    static func armReset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Shuts both directions down, waking any thread blocked on the socket.
    static func shutdownBoth(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Closes the descriptor.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
