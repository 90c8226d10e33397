/// A libudev call failed.
public struct UdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call ("udev_monitor_enable_receiving").
    public let call: String
    /// The negative errno it returned, or 0 when it returned NULL.
    public let code: Int32

    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    public var description: String { code == 0 ? "\(call) returned NULL" : "\(call) failed (errno \(-code))" }
}
