/// The status byte a Mettler Toledo 8217 scale sends as `STX ? status CR` instead of a weight.
///
/// Bits (METTLER TOLEDO service manuals, "Scale Status Byte Bit Definitions"): 0 in motion, 1 over capacity,
/// 2 under zero, 3 outside the zero capture range, 4 centre of zero, 5 net weight, 6 always 1, 7 the even parity
/// bit of the 7E1 line (masked off here). A stable gross scale at centre of zero has the status byte `0x50` ("P").
public struct Toledo8217Status: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x3F }

    /// Bit 0: the weight has not settled.
    public static let motion = Toledo8217Status(rawValue: 0x01)
    /// Bit 1: more than the scale's capacity is on the pan.
    public static let overCapacity = Toledo8217Status(rawValue: 0x02)
    /// Bit 2: the weight is below zero (a tare left in, the pan lifted).
    public static let underZero = Toledo8217Status(rawValue: 0x04)
    /// Bit 3: the scale could not capture zero at power-up (outside the zero capture range).
    public static let outsideZeroCaptureRange = Toledo8217Status(rawValue: 0x08)
    /// Bit 4: the scale is at centre of zero.
    public static let centerOfZero = Toledo8217Status(rawValue: 0x10)
    /// Bit 5: net weight (a tare is in force).
    public static let net = Toledo8217Status(rawValue: 0x20)

    /// The byte on the line: the six status bits with bit 6 set (the UART adds the parity bit).
    public var byte: UInt8 { 0x40 | rawValue }

    public var description: String {
        let names: [(Toledo8217Status, String)] = [
            (.motion, "motion"), (.overCapacity, "overCapacity"), (.underZero, "underZero"),
            (.outsideZeroCaptureRange, "outsideZeroCaptureRange"), (.centerOfZero, "centerOfZero"), (.net, "net"),
        ]
        let set = names.filter { contains($0.0) }.map(\.1)
        return set.isEmpty ? "[]" : "[" + set.joined(separator: ", ") + "]"
    }
}
