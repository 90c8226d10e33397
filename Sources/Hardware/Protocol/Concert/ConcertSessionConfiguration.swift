/// Timeouts and retry limits of a Concert session.
///
/// The defaults are the values the reference implementations use.
///
/// Related spec: reference/concert.md ("wait up to 120 s" for the answer; pypostelium: "wait up to
/// 3 seconds to get LRC"); pypostelium's handshake makes 3 ENQ attempts, 1 s apart, each closed by EOT.
public struct ConcertSessionConfiguration: Hashable, Sendable {
    /// How long to wait for `ACK`/`NAK` after `ENQ` or after a frame.
    public var acknowledgementTimeout: Duration
    /// The pause after a failed `ENQ` (and its `EOT`) before the next one.
    public var enquiryRetryPause: Duration
    /// How long the terminal may take to ask for the line with its answer after accepting the request.
    public var answerTimeout: Duration
    /// How long a frame may take to arrive complete once the line is granted (the LRC included).
    public var frameTimeout: Duration
    /// How many times `ENQ` is sent before the terminal is declared unresponsive.
    public var maximumEnquiryAttempts: Int
    /// How many times a frame is sent, or received after `NAK`, before giving up.
    public var maximumTransmissions: Int

    /// Creates a configuration; every parameter defaults to the reference value.
    public init(
        acknowledgementTimeout: Duration = .seconds(3),
        enquiryRetryPause: Duration = .seconds(1),
        answerTimeout: Duration = .seconds(120),
        frameTimeout: Duration = .seconds(3),
        maximumEnquiryAttempts: Int = 3,
        maximumTransmissions: Int = 3
    ) {
        self.acknowledgementTimeout = acknowledgementTimeout
        self.enquiryRetryPause = enquiryRetryPause
        self.answerTimeout = answerTimeout
        self.frameTimeout = frameTimeout
        self.maximumEnquiryAttempts = max(1, maximumEnquiryAttempts)
        self.maximumTransmissions = max(1, maximumTransmissions)
    }

    /// The reference values.
    public static let standard = ConcertSessionConfiguration()
}
