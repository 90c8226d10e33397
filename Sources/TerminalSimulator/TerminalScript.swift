import Hardware

/// What the simulated terminal does, scripted: how each money-moving transaction ends, and how the line behaves.
///
/// ```swift
/// let script = try TerminalScript(parsing: ["decline:05", "approve", "nak-first"])
/// // first payment declined with result code 05, later ones approved; the first frame received is NAK'ed
/// ```
public struct TerminalScript: Hashable, Sendable {
    /// How one payment, refund or reversal ends.
    public enum Outcome: Hashable, Sendable {
        /// Approved, with Status Information, slip lines and Completion.
        case approve
        /// Declined with a result code (Status Information with the code, then Abort 06 1E with it).
        case decline(UInt8)
        /// Acknowledge the command, show the prompts, then say nothing more (not charged).
        case timeout
        /// Approve on the terminal's side, then drop the line before reporting it (charged: the counter must
        /// find the approval with Repeat Receipt).
        case drop
        /// Approve and book, announce it, then hold the line without reporting until the counter hangs up (a
        /// counter killed after the terminal approved but before it recorded the approval).
        case holdApproved
        /// Announce the request, then hold the line without acknowledging or booking it until the counter hangs
        /// up (a counter killed before its request was acted on: not charged).
        case holdUnbooked
        /// Acknowledge and prompt, announce "HOLD waiting …", wait until released (`pos terminal-sim`: SIGUSR1),
        /// then approve: a payment that is still running while a test does something else.
        case approveWhenReleased
        /// Approve and book, send Status Information whose result (27 00), amount and currency are followed by a
        /// field no codec knows (BMP FE) and the rest, then fall silent: no slip, no Completion. The next command
        /// is answered as usual (the terminal thinks it is done).
        case unknownFieldThenSilence
        /// Acknowledge, then say nothing at all (no prompt, no result); nothing is booked. An Abort (06 B0) is
        /// answered `80 00 00`, `06 1E 6C`.
        case silentAfterAcknowledge
        /// Acknowledge, book the approval, then say nothing at all; an Abort is acknowledged but not acted on (too
        /// late: the money moved). The next command is answered as usual.
        case silentAfterAcknowledgeCharged
        /// Acknowledge, book nothing, then say nothing at all; an Abort is acknowledged but never answered with
        /// 06 1E (a terminal that hangs). The next command is answered as usual.
        case silentAfterAcknowledgeIgnoringAbort
        /// Approve and book, send the full Status Information, then fall silent: no slip, no Completion. The next
        /// command is answered as usual.
        case silentAfterStatus
        /// Approve and book, then send a final status (04 0F) cut short: its length field promises more bytes than
        /// follow (over serial the frame also never ends: no `DLE ETX`, no CRC), then fall silent. An Abort is
        /// acknowledged but not acted on (too late: the money moved). The next command is answered as usual.
        /// On Concert, which has no length field, the answer frame stops half-way (no ETX, no LRC).
        case truncatedFrame
    }

    /// How successive money-moving transactions end; the last one repeats.
    public var outcomes: [Outcome]
    /// NAK the first frame received (serial only).
    public var naksFirstFrame: Bool
    /// A pause between two written bytes (a slow link), on the simulator's clock.
    public var byteDelay: Duration?
    /// The 04 FF status bytes sent before the result (insert card, PIN, waiting for the host).
    public var prompts: [UInt8]
    /// Whether the terminal sends its slip as print lines (06 D1).
    public var printsReceipt: Bool
    /// The card presented.
    public var card: TestCard
    /// Behave like terminals that do not mask: the full PAN in BMP 22, the expiry date in BMP 0E, and slip lines
    /// carrying both (the counter must mask or drop all of it).
    public var sendsFullCardData: Bool

    /// Creates a script; the defaults approve every payment with prompts and a slip.
    public init(
        outcomes: [Outcome] = [.approve], naksFirstFrame: Bool = false, byteDelay: Duration? = nil,
        prompts: [UInt8] = [0x0A, 0x01, 0x04], printsReceipt: Bool = true, card: TestCard = .debitMastercard,
        sendsFullCardData: Bool = false
    ) {
        self.outcomes = outcomes.isEmpty ? [.approve] : outcomes
        self.naksFirstFrame = naksFirstFrame
        self.byteDelay = byteDelay
        self.prompts = prompts
        self.printsReceipt = printsReceipt
        self.card = card
        self.sendsFullCardData = sendsFullCardData
    }

    /// The outcome of the `index`-th money-moving transaction (0-based).
    public func outcome(at index: Int) -> Outcome {
        outcomes[min(index, outcomes.count - 1)]
    }

    /// Parses command-line words: `approve`, `decline:CODE` (hex), `timeout`, `drop`, `nak-first`,
    /// `hold`, `hold-request`, `wait`, `unknown-field`, `silent-after-ack`, `silent-after-ack:charged`,
    /// `silent-after-ack:deaf`, `silent-after-status`, `truncated-frame`, `slow:MS` (milliseconds between bytes),
    /// `no-prompts`, `no-receipt`, `card:visa|mastercard|girocard`, `full-pan`.
    ///
    /// - Throws: ``TerminalScriptError`` naming the word it does not know.
    public init(parsing words: [String]) throws(TerminalScriptError) {
        self.init()
        var outcomes: [Outcome] = []
        for word in words.flatMap({ $0.split(separator: ",").map(String.init) }) {
            let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
            switch (parts[0], parts.count > 1 ? parts[1] : nil) {
            case ("approve", nil): outcomes.append(.approve)
            case ("decline", let code):
                guard let value = UInt8(code ?? "05", radix: 16), value != 0 else { throw TerminalScriptError(word: word) }
                outcomes.append(.decline(value))
            case ("timeout", nil): outcomes.append(.timeout)
            case ("drop", nil): outcomes.append(.drop)
            case ("hold", nil): outcomes.append(.holdApproved)
            case ("hold-request", nil): outcomes.append(.holdUnbooked)
            case ("wait", nil): outcomes.append(.approveWhenReleased)
            case ("unknown-field", nil): outcomes.append(.unknownFieldThenSilence)
            case ("silent-after-ack", nil): outcomes.append(.silentAfterAcknowledge)
            case ("silent-after-ack", "charged"): outcomes.append(.silentAfterAcknowledgeCharged)
            case ("silent-after-ack", "deaf"): outcomes.append(.silentAfterAcknowledgeIgnoringAbort)
            case ("silent-after-status", nil): outcomes.append(.silentAfterStatus)
            case ("truncated-frame", nil): outcomes.append(.truncatedFrame)
            case ("full-pan", nil): sendsFullCardData = true
            case ("nak-first", nil): naksFirstFrame = true
            case ("slow", let millis):
                guard let value = Int(millis ?? "5"), value >= 0 else { throw TerminalScriptError(word: word) }
                byteDelay = .milliseconds(value)
            case ("no-prompts", nil): prompts = []
            case ("no-receipt", nil): printsReceipt = false
            case ("card", let name):
                guard let found = TestCard.named(name ?? "") else { throw TerminalScriptError(word: word) }
                card = found
            default: throw TerminalScriptError(word: word)
            }
        }
        if !outcomes.isEmpty { self.outcomes = outcomes }
    }
}

/// A script word the simulator does not know.
public struct TerminalScriptError: Error, Hashable, CustomStringConvertible {
    /// The word.
    public let word: String
    public var description: String {
        "unknown script step \"\(word)\"; use approve, decline:05, timeout, drop, hold, hold-request, wait, "
            + "unknown-field, silent-after-ack, silent-after-ack:charged, silent-after-ack:deaf, silent-after-status, "
            + "truncated-frame, nak-first, slow:MS, "
            + "no-prompts, no-receipt, card:NAME, full-pan"
    }
}
