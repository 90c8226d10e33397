import POSFoundation

/// What a terminal reported for end of day, status enquiry or diagnosis.
public struct TerminalReport: Hashable, Sendable, Codable {
    /// The total the terminal reports (end of day), when it sends one.
    public var total: Money?
    /// The terminal ID, when reported.
    public var terminalID: String?
    /// The terminal's software version (status enquiry), when reported.
    public var softwareVersion: String?
    /// The terminal's status byte (status enquiry; `0` is ready), when reported.
    public var terminalStatus: Int?
    /// The terminal's slip lines (the end-of-day report), verbatim.
    public var receiptLines: [String]
    /// The end of day's totals per card group (ZVT BMP 60), when the terminal sends them.
    public var cardTotals: ZVTIndividualTotals?

    /// Transactions in the closed batch, when the terminal counts them (ZVT BMP 60).
    public var count: Int? { cardTotals?.count }

    /// Creates a report.
    public init(
        total: Money? = nil, terminalID: String? = nil, softwareVersion: String? = nil, terminalStatus: Int? = nil,
        receiptLines: [String] = [], cardTotals: ZVTIndividualTotals? = nil
    ) {
        self.total = total
        self.terminalID = terminalID
        self.softwareVersion = softwareVersion
        self.terminalStatus = terminalStatus
        self.receiptLines = receiptLines
        self.cardTotals = cardTotals
    }
}
