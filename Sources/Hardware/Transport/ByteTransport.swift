import Localization
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
        /// The path opens but is no serial line (no termios: a plain file, `/dev/null`).
        public static let notASerialLine = Code("notASerialLine")
        /// The serial line refused its settings (rate, data bits, parity, stop bits: `tcsetattr`, `cfsetspeed`).
        public static let lineSettingsRefused = Code("lineSettingsRefused")
    }

    /// The device at the end of the line, so an error names what the cashier or the merchant sees: a payment
    /// terminal (the default), the scale or the pole display.
    public enum Device: String, Hashable, Sendable {
        case terminal, scale, poleDisplay
    }

    public let code: Code
    /// The endpoint, as ``ByteTransport/endpointDescription`` writes it.
    public let endpoint: String
    /// The system's own words (errno text, libusb error name), never card data.
    public let underlying: String?
    /// What is at the end of the line (the words of ``message`` and ``recoverySuggestion`` name it).
    public private(set) var device: Device

    public init(_ code: Code, endpoint: String, underlying: String? = nil, device: Device = .terminal) {
        self.code = code
        self.endpoint = endpoint
        self.underlying = underlying
        self.device = device
    }

    /// The same error, naming `device` as what is at the end of the line (a scale's or pole display's driver
    /// relabels what its transport threw).
    public func on(_ device: Device) -> TransportError {
        var relabelled = self
        relabelled.device = device
        return relabelled
    }

    public var message: String {
        let detail = underlying.map { " (\($0))" } ?? ""
        if device != .terminal { return floorDeviceMessage(detail: detail) }
        switch code {
        case .invalidAddress: return L10n.tr("error.transport.invalidAddress", ["endpoint": endpoint, "detail": detail])
        case .notFound: return L10n.tr("error.transport.notFound", ["endpoint": endpoint, "detail": detail])
        case .permissionDenied: return L10n.tr("error.transport.permissionDenied", ["endpoint": endpoint, "detail": detail])
        case .busy: return L10n.tr("error.transport.busy", ["endpoint": endpoint, "detail": detail])
        case .deviceGone: return L10n.tr("error.transport.deviceGone", ["endpoint": endpoint, "detail": detail])
        case .closed: return L10n.tr("error.transport.closed", ["endpoint": endpoint, "detail": detail])
        case .timedOut: return L10n.tr("error.transport.timedOut", ["endpoint": endpoint, "detail": detail])
        case .notASerialLine: return L10n.tr("error.transport.notASerialLine", ["endpoint": endpoint, "detail": detail])
        case .lineSettingsRefused: return L10n.tr("error.transport.lineSettingsRefused", ["endpoint": endpoint, "detail": detail])
        default: return L10n.tr("error.transport.ioFailure", ["endpoint": endpoint, "detail": detail])
        }
    }

    public var recoverySuggestion: String {
        if device != .terminal { return floorDeviceHint }
        return switch code {
        case .invalidAddress: L10n.tr("error.transport.invalidAddress.hint")
        case .notFound: L10n.tr("error.transport.notFound.hint")
        case .permissionDenied: L10n.tr("error.transport.permissionDenied.hint")
        case .busy: L10n.tr("error.transport.busy.hint")
        case .deviceGone, .closed: L10n.tr("error.transport.deviceGone.hint")
        case .timedOut: L10n.tr("error.transport.timedOut.hint")
        case .notASerialLine: L10n.tr("error.transport.notASerialLine.hint")
        case .lineSettingsRefused: L10n.tr("error.transport.lineSettingsRefused.hint")
        default: L10n.tr("error.transport.ioFailure.hint")
        }
    }

    // MARK: - The scale's and the pole display's words

    /// "The scale" or "The pole display", at the start of a sentence.
    private var deviceName: String {
        device == .scale ? L10n.tr("error.transport.device.scale") : L10n.tr("error.transport.device.poleDisplay")
    }

    private func floorDeviceMessage(detail: String) -> String {
        let values: KeyValuePairs<String, String> = ["device": deviceName, "endpoint": endpoint, "detail": detail]
        switch code {
        case .invalidAddress: return L10n.tr("error.transport.device.invalidAddress", values)
        case .notFound: return L10n.tr("error.transport.device.notFound", values)
        case .permissionDenied: return L10n.tr("error.transport.device.permissionDenied", values)
        case .busy: return L10n.tr("error.transport.device.busy", values)
        case .deviceGone, .closed: return L10n.tr("error.transport.device.deviceGone", values)
        case .timedOut: return L10n.tr("error.transport.device.timedOut", values)
        case .notASerialLine: return L10n.tr("error.transport.device.notASerialLine", values)
        case .lineSettingsRefused: return L10n.tr("error.transport.device.lineSettingsRefused", values)
        default: return L10n.tr("error.transport.device.ioFailure", values)
        }
    }

    /// What to do, with the setting that holds the device's address (`pos settings set scale …`).
    private var floorDeviceHint: String {
        let values: KeyValuePairs<String, String> = device == .scale
            ? ["setting": "scale", "example": "scale+serial:///dev/ttyUSB2"]
            : ["setting": "pole-display", "example": "display+serial:///dev/ttyUSB1"]
        switch code {
        case .invalidAddress, .notFound, .notASerialLine: return L10n.tr("error.transport.device.address.hint", values)
        case .permissionDenied: return L10n.tr("error.transport.device.permissionDenied.hint", values)
        case .busy: return L10n.tr("error.transport.device.busy.hint", values)
        case .lineSettingsRefused: return L10n.tr("error.transport.device.lineSettingsRefused.hint", values)
        default: return L10n.tr("error.transport.device.cable.hint", values)
        }
    }
}
