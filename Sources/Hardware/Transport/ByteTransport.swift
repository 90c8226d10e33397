import POSFoundation

/// A byte pipe to a payment terminal: TCP, a TTY, or the bulk endpoints of a USB device.
///
/// Drivers (ZVT, Concert) sit on top and never know which one it is. Implementations live in HardwareLinux;
/// tests use a scripted double that plays the device byte for byte. Every call may suspend; none blocks the
/// cooperative thread pool (live transports run their blocking system calls on their own thread).
///
/// ```swift
/// try await transport.open()
/// try await transport.write(frame)
/// let bytes = try await transport.read(maxLength: 512, timeout: .seconds(5))   // [] on timeout
/// await transport.close()
/// ```
public protocol ByteTransport: Sendable {
    /// A description for logs and errors, without secrets ("tcp://192.0.2.10:20007", "/dev/ttyACM0", "usb 0b00:0080").
    var endpointDescription: String { get }

    /// Opens the connection (connect, open and configure the TTY, claim the USB interface).
    ///
    /// - Throws: ``TransportError``.
    func open() async throws(TransportError)

    /// Writes all bytes, or throws.
    ///
    /// - Throws: ``TransportError``; `.closed` or `.deviceGone` when the line dropped.
    func write(_ bytes: [UInt8]) async throws(TransportError)

    /// Reads what is available, up to `maxLength` bytes, waiting at most `timeout` for the first byte.
    ///
    /// - Returns: At least one byte, or an empty array when the timeout passed with nothing to read.
    /// - Throws: ``TransportError``; `.closed` when the peer closed the connection.
    func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8]

    /// Closes the connection; safe to call twice.
    func close() async
}

/// Why a transport failed, with what the cashier or the operator should do.
public struct TransportError: UserFacingError, Hashable {
    /// What went wrong, as a code one can switch on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The address or device path is not usable.
        public static let invalidAddress = Code("invalidAddress")
        /// Nothing answers at the address (TCP refused, no such TTY, no such USB device).
        public static let notFound = Code("notFound")
        /// The device exists but this user may not open it (install the udev rules).
        public static let permissionDenied = Code("permissionDenied")
        /// Another program holds the device.
        public static let busy = Code("busy")
        /// The device was unplugged or the connection dropped.
        public static let deviceGone = Code("deviceGone")
        /// The peer closed the connection.
        public static let closed = Code("closed")
        /// Opening or writing did not finish in time.
        public static let timedOut = Code("timedOut")
        /// Another I/O failure (the errno or libusb code is in ``underlying``).
        public static let ioFailure = Code("ioFailure")
    }

    public let code: Code
    /// The endpoint, as ``ByteTransport/endpointDescription`` writes it.
    public let endpoint: String
    /// The system's own words (errno text, libusb error name), never card data.
    public let underlying: String?

    public init(_ code: Code, endpoint: String, underlying: String? = nil) {
        self.code = code
        self.endpoint = endpoint
        self.underlying = underlying
    }

    public var message: String {
        let detail = underlying.map { " (\($0))" } ?? ""
        switch code {
        case .invalidAddress: return "The terminal address \(endpoint) is not usable\(detail)."
        case .notFound: return "No terminal answers at \(endpoint)\(detail)."
        case .permissionDenied: return "Not allowed to open the terminal at \(endpoint)\(detail)."
        case .busy: return "The terminal at \(endpoint) is in use by another program\(detail)."
        case .deviceGone: return "The terminal at \(endpoint) was disconnected\(detail)."
        case .closed: return "The terminal at \(endpoint) closed the connection\(detail)."
        case .timedOut: return "The terminal at \(endpoint) did not respond in time\(detail)."
        default: return "Talking to the terminal at \(endpoint) failed\(detail)."
        }
    }

    public var recoverySuggestion: String {
        switch code {
        case .invalidAddress: "Check the reader address, e.g. zvt+tcp://192.0.2.10:20007 or zvt+usb://0b00:0080."
        case .notFound: "Check that the terminal is switched on and plugged in, and the address."
        case .permissionDenied: "Install the udev rules (pos reader install-udev-rules) and plug the terminal in again."
        case .busy: "Close the other program that uses the terminal, then try again."
        case .deviceGone, .closed: "Check the cable or network; pos reconnects and settles any payment in progress."
        case .timedOut: "Check that the terminal is idle and reachable, then try again."
        default: "Unplug and replug the terminal; if it persists, restart it."
        }
    }
}
