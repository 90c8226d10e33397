import Foundation

/// Reads and sets this register's id as `pos register set` does: setting it registers the register as a client
/// of the TSE first and saves it only then. The counter gets it from `pos` (the TSE enrolment lives in the
/// composition, which the counter does not import); without one (tests, the benchmark) the screen only shows.
public protocol RegisterSetting: Sendable {
    /// The register id and the TSE client it signs as.
    func current() async -> RegisterInfo
    /// Sets the register id, enrolling it at the TSE.
    func set(_ id: String) async -> RegisterSetResult
}

/// This register as set now.
public struct RegisterInfo: Hashable, Sendable {
    /// The register id (`K2`), nil when none is set.
    public var id: String?
    /// The TSE client id it signs as, nil when none.
    public var tseClient: String?

    public init(id: String?, tseClient: String?) {
        self.id = id
        self.tseClient = tseClient
    }
}

/// What setting the register did, in the screen's language.
public struct RegisterSetResult: Hashable, Sendable {
    /// Whether the register id is set now.
    public var isSet: Bool
    /// What happened, one line each (the refusal and what to do, or the TSE client).
    public var lines: [String]

    public init(isSet: Bool, lines: [String]) {
        self.isSet = isSet
        self.lines = lines
    }
}
