/// The ZVT timers, with the defaults of ecrterm's `transmission/signals.py`.
///
/// Related spec: ZVT PA00P015 timeouts T1–T4; reference/zvt.md "Transport".
public struct ZVTTimeouts: Hashable, Sendable {
    /// T1: the longest gap between two bytes of one serial frame.
    public var interByte: Duration
    /// T3: how long to wait for an acknowledgement (`80 00 00` or the serial ACK) after sending.
    public var acknowledge: Duration
    /// T4: how long the ECR waits for the terminal's next message while the terminal is master, up to Completion.
    /// Every message from the terminal restarts it.
    public var completion: Duration

    /// Creates a set of timeouts.
    public init(interByte: Duration, acknowledge: Duration, completion: Duration) {
        self.interByte = interByte
        self.acknowledge = acknowledge
        self.completion = completion
    }

    /// T1 0.2 s, T3 5 s, T4 180 s.
    public static let standard = ZVTTimeouts(
        interByte: .milliseconds(200),
        acknowledge: .seconds(5),
        completion: .seconds(180)
    )
}
