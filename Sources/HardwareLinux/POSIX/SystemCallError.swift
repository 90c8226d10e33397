import Glibc
import Hardware

/// A failed system call: its name and `errno`.
struct SystemCallError: Error, Hashable, CustomStringConvertible {
    /// The call that failed ("connect", "tcsetattr").
    let call: String
    /// The `errno` it set.
    let code: Int32

    var description: String { "\(call): \(String(cString: strerror(code))) (errno \(code))" }

    /// The transport error a TTY or socket failure means, for the endpoint `endpoint`.
    func transportError(endpoint: String, permissionHint: String? = nil) -> TransportError {
        let kind: TransportError.Code = switch code {
        case ENOENT, ENODEV, ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EADDRNOTAVAIL: .notFound
        case EACCES, EPERM: .permissionDenied
        case EBUSY, EADDRINUSE: .busy
        case EIO, ENXIO, ECONNRESET, EPIPE, ENOTCONN, ECONNABORTED, ESHUTDOWN: .deviceGone
        case ETIMEDOUT: .timedOut
        default: .ioFailure
        }
        let detail = kind == .permissionDenied ? [description, permissionHint].compactMap { $0 }.joined(separator: "; ") : description
        return TransportError(kind, endpoint: endpoint, underlying: detail)
    }
}
