/// A stable, positive weight the scale reported, ready to price (``WeighedLine``).
public struct ScaleWeight: Hashable, Sendable, CustomStringConvertible {
    /// The weight in grams.
    public let grams: Int
    /// Whether the scale had a tare in force.
    public let isNet: Bool
    /// The field as the scale sent it ("01.234"), for the log and the legal display.
    public let displayed: String

    public init(grams: Int, isNet: Bool = false, displayed: String) {
        self.grams = grams
        self.isNet = isNet
        self.displayed = displayed
    }

    public var description: String { "\(displayed) kg" + (isNet ? " N" : "") }
}
