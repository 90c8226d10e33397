/// A libusb error code, with Swifty names (the values are libusb's ABI constants).
public struct LibUSBError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Input/output error. The corresponding C error is `LIBUSB_ERROR_IO`.
    public static let io = LibUSBError(rawValue: -1)
    /// Invalid parameter. The corresponding C error is `LIBUSB_ERROR_INVALID_PARAM`.
    public static let invalidParameter = LibUSBError(rawValue: -2)
    /// Access denied (insufficient permissions). The corresponding C error is `LIBUSB_ERROR_ACCESS`.
    public static let access = LibUSBError(rawValue: -3)
    /// The device was disconnected. The corresponding C error is `LIBUSB_ERROR_NO_DEVICE`.
    public static let noDevice = LibUSBError(rawValue: -4)
    /// Entity not found. The corresponding C error is `LIBUSB_ERROR_NOT_FOUND`.
    public static let notFound = LibUSBError(rawValue: -5)
    /// Resource busy (another driver or program claimed it). The corresponding C error is `LIBUSB_ERROR_BUSY`.
    public static let busy = LibUSBError(rawValue: -6)
    /// Operation timed out. The corresponding C error is `LIBUSB_ERROR_TIMEOUT`.
    public static let timeout = LibUSBError(rawValue: -7)
    /// Overflow. The corresponding C error is `LIBUSB_ERROR_OVERFLOW`.
    public static let overflow = LibUSBError(rawValue: -8)
    /// Pipe error (endpoint stalled). The corresponding C error is `LIBUSB_ERROR_PIPE`.
    public static let pipe = LibUSBError(rawValue: -9)
    /// System call interrupted. The corresponding C error is `LIBUSB_ERROR_INTERRUPTED`.
    public static let interrupted = LibUSBError(rawValue: -10)
    /// Insufficient memory. The corresponding C error is `LIBUSB_ERROR_NO_MEM`.
    public static let noMemory = LibUSBError(rawValue: -11)
    /// Not supported on this platform. The corresponding C error is `LIBUSB_ERROR_NOT_SUPPORTED`.
    public static let notSupported = LibUSBError(rawValue: -12)
    /// Other error. The corresponding C error is `LIBUSB_ERROR_OTHER`.
    public static let other = LibUSBError(rawValue: -99)

    /// libusb's own name, "LIBUSB_ERROR_ACCESS".
    public var description: String {
        switch self {
        case .io: "LIBUSB_ERROR_IO"
        case .invalidParameter: "LIBUSB_ERROR_INVALID_PARAM"
        case .access: "LIBUSB_ERROR_ACCESS"
        case .noDevice: "LIBUSB_ERROR_NO_DEVICE"
        case .notFound: "LIBUSB_ERROR_NOT_FOUND"
        case .busy: "LIBUSB_ERROR_BUSY"
        case .timeout: "LIBUSB_ERROR_TIMEOUT"
        case .overflow: "LIBUSB_ERROR_OVERFLOW"
        case .pipe: "LIBUSB_ERROR_PIPE"
        case .interrupted: "LIBUSB_ERROR_INTERRUPTED"
        case .noMemory: "LIBUSB_ERROR_NO_MEM"
        case .notSupported: "LIBUSB_ERROR_NOT_SUPPORTED"
        case .other: "LIBUSB_ERROR_OTHER"
        default: "LIBUSB_ERROR(\(rawValue))"
        }
    }
}
