/// The ZVT timers: T1, T3 and T4 with the defaults of ecrterm's `transmission/signals.py`, and the shorter limits
/// that end a payment within seconds of the terminal's last byte.
///
/// Related spec: ZVT PA00P015 timeouts T1–T4; reference/zvt.md "Transport".
public struct ZVTTimeouts: Hashable, Sendable {
    /// T1: the longest gap between two bytes of one serial frame.
    public var interByte: Duration
    /// T3: how long to wait for an acknowledgement (`80 00 00` or the serial ACK) after sending; also how long the
    /// terminal has to answer an Abort (06 B0), and the margin added to a timeout the terminal announces in 04 FF.
    public var acknowledge: Duration
    /// T4: how long the ECR waits for the terminal's next message while the terminal is master and has announced
    /// nothing shorter (a cardholder entering a PIN). Every message from the terminal restarts it.
    public var completion: Duration
    /// After the final status (04 0F): how long to wait for the Completion before settling the outcome with the
    /// terminal (Status Enquiry, Repeat Receipt) instead of waiting out ``completion``.
    public var completionAfterStatus: Duration
    /// After the terminal acknowledged a payment, refund, reversal, Status Enquiry or Repeat Receipt: how long it
    /// may stay silent with no message at all. Then the counter aborts (06 B0) a money-moving command and settles
    /// its outcome with the terminal.
    public var silenceAfterAcknowledge: Duration
    /// Over TCP, where no T1 applies: the longest pause inside one APDU, from a byte of it to the next. An APDU
    /// still incomplete then was cut short (its length field promised bytes that never came): the counter drops
    /// it and treats the terminal as silent since its last byte. Never longer than the two silence limits (see
    /// ``frameCompletionLimit``).
    public var frameCompletion: Duration

    /// Creates a set of timeouts.
    public init(
        interByte: Duration, acknowledge: Duration, completion: Duration,
        completionAfterStatus: Duration = .seconds(15), silenceAfterAcknowledge: Duration = .seconds(15),
        frameCompletion: Duration = .seconds(5)
    ) {
        self.interByte = interByte
        self.acknowledge = acknowledge
        self.completion = completion
        self.completionAfterStatus = completionAfterStatus
        self.silenceAfterAcknowledge = silenceAfterAcknowledge
        self.frameCompletion = frameCompletion
    }

    /// The pause inside an APDU over TCP after which it counts as cut short: ``frameCompletion``, but no longer
    /// than either silence limit, so a frame cut short never ends later than silence would.
    public var frameCompletionLimit: Duration {
        min(frameCompletion, silenceAfterAcknowledge, completionAfterStatus)
    }

    /// T1 0.2 s, T3 5 s, T4 180 s; 15 s for the Completion after a final status and for silence after the
    /// acknowledgement; 5 s (T3, the time a peer has to answer at all) for a pause inside an APDU over TCP.
    public static let standard = ZVTTimeouts(
        interByte: .milliseconds(200),
        acknowledge: .seconds(5),
        completion: .seconds(180)
    )

    /// The standard timeouts with the two short limits replaced where given (in whole seconds, at least 1).
    public func with(completionAfterStatusSeconds: Int?, silenceAfterAcknowledgeSeconds: Int?) -> ZVTTimeouts {
        var copy = self
        if let seconds = completionAfterStatusSeconds { copy.completionAfterStatus = .seconds(max(1, seconds)) }
        if let seconds = silenceAfterAcknowledgeSeconds { copy.silenceAfterAcknowledge = .seconds(max(1, seconds)) }
        return copy
    }
}
