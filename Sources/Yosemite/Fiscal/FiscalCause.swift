import Foundation
import Localization
import Networking

/// Why the TSE could not sign, stored as a code: a stable, language-free identifier and its data, so the
/// receipt renders it in the paper language, the DSFinV-K export in German and a screen in the screen's language.
///
/// It is kept in the text columns that held the cause in words before (`fiscalOutage.cause`, the failed
/// transaction's `error`) as JSON, `{"code":"tse.timeout","values":{}}`; a row written before codes holds plain
/// words, which ``text(of:in:)`` shows as they are.
public struct FiscalCause: Hashable, Sendable, Codable {
    /// The codes pos stores; each has the text `fiscal.cause.<code>` in every language.
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// The TSE simulator is switched off (`pos fiscal sim down`).
        case simulatorOff = "tse.simulatorOff"
        /// No answer in time.
        case timeout = "tse.timeout"
        /// The TSE's host could not be reached (`host`).
        case unreachable = "tse.unreachable"
        /// The connection dropped before the answer.
        case connectionLost = "tse.connectionLost"
        /// This machine has no network.
        case offline = "tse.offline"
        /// The TSE service asked to wait.
        case rateLimited = "tse.rateLimited"
        /// The TSE service failed (`status`).
        case serverError = "tse.serverError"
        /// The secure connection to the TSE could not be set up (`host`).
        case tls = "tse.tls"
        /// The answer was not usable, or the call was cancelled.
        case noAnswer = "tse.noAnswer"
        /// The TSE refused the credentials.
        case unauthorized = "tse.unauthorized"
        /// The TSE refused the request (`reason`, the TSE's own text).
        case rejected = "tse.rejected"
        /// No TSE is configured for this till.
        case notConfigured = "tse.notConfigured"
    }

    public var code: Code
    /// The cause's data (a host, a status); data, not words.
    public var values: [String: String]

    public init(_ code: Code, _ values: [String: String] = [:]) {
        self.code = code
        self.values = values
    }

    /// The form stored in the database.
    public var stored: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? code.rawValue
    }

    /// The cause a stored text holds, `nil` for a text written before codes (or by hand).
    public init?(stored: String) {
        guard stored.hasPrefix("{"), let cause = try? JSONDecoder().decode(Self.self, from: Data(stored.utf8)) else {
            return nil
        }
        self = cause
    }

    /// The cause in `strings`' language.
    public func text(in strings: Strings) -> String {
        // Each code's text has at most one placeholder (a host, a status, a reason).
        let key = "fiscal.cause." + code.rawValue
        guard let (name, value) = values.min(by: { $0.key < $1.key }) else { return strings.tr(key) }
        return strings.tr(key, [name: value])
    }

    /// A stored cause in `strings`' language: a coded one rendered, an old one in words shown as it was stored.
    public static func text(of stored: String, in strings: Strings) -> String {
        FiscalCause(stored: stored)?.text(in: strings) ?? stored
    }

    /// The cause of a network failure on the way to the TSE.
    ///
    /// Codes are written `Code.x`: a bare `.offline` here named `NetworkError.offline` and called this initializer
    /// again, without end (a stack overflow whenever fiskaly was offline; found by FuzzFiskaly).
    public init(_ error: NetworkError) {
        switch error {
        case .timeout: self.init(Code.timeout)
        case let .dnsFailure(host), let .connectionRefused(host): self.init(Code.unreachable, ["host": host])
        case .connectionLost: self.init(Code.connectionLost)
        case .offline: self.init(Code.offline)
        case .rateLimited: self.init(Code.rateLimited)
        case let .serverError(status, _): self.init(Code.serverError, ["status": String(status)])
        case let .tlsFailure(host, _): self.init(Code.tls, ["host": host])
        case .unauthorized: self.init(Code.unauthorized)
        default: self.init(Code.noAnswer)
        }
    }

    /// The cause of a TSE call that failed: the outage's, or the set-up error's.
    public init(_ error: FiscalError) {
        switch error {
        case let .outage(outage): self = FiscalCause(stored: outage.cause) ?? FiscalCause(.noAnswer)
        case .unauthorized: self.init(.unauthorized)
        case let .rejected(reason): self.init(.rejected, ["reason": reason])
        case .notConfigured: self.init(.notConfigured)
        }
    }
}

extension FiscalOutage {
    /// An outage noticed `since`, stored with its cause's code.
    public init(since: Date, cause: FiscalCause) {
        self.init(since: since, cause: cause.stored)
    }

    /// The cause in `strings`' language (words stored before codes as they are).
    public func causeText(in strings: Strings = L10n.screen) -> String {
        FiscalCause.text(of: cause, in: strings)
    }
}
