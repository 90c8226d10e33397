import Localization
import POSFoundation

extension NetworkError {
    public var message: String {
        switch self {
        case .invalidSiteAddress(let text, let reason): L10n.tr("error.network.invalidSiteAddress", ["address": text, "reason": reason])
        case .insecureConnection(let host): L10n.tr("error.network.insecureConnection", ["host": host])
        case .dnsFailure(let host): L10n.tr("error.network.dnsFailure", ["host": host])
        case .connectionRefused(let host): L10n.tr("error.network.connectionRefused", ["host": host])
        case .timeout: L10n.tr("error.network.timeout")
        case .tlsFailure(let host, _): L10n.tr("error.network.tlsFailure", ["host": host])
        case .connectionLost: L10n.tr("error.network.connectionLost")
        case .offline: L10n.tr("error.network.offline")
        case .unauthorized(let error): L10n.tr("error.network.unauthorized") + Self.detail(error)
        case .forbidden(let error): L10n.tr("error.network.forbidden") + Self.detail(error)
        case .notFound(let path, let error): L10n.tr("error.network.notFound", ["path": path]) + Self.detail(error)
        case .wooCommerceMissing: L10n.tr("error.network.wooCommerceMissing")
        case .notWordPress(let site): L10n.tr("error.network.notWordPress", ["site": site])
        case .rateLimited: L10n.tr("error.network.rateLimited")
        case .serverError(let status, let error):
            L10n.tr("error.network.serverError", ["status": String(status)]) + Self.detail(error)
        case .unexpectedStatus(let status, let error):
            L10n.tr("error.network.unexpectedStatus", ["status": String(status)]) + Self.detail(error)
        case .malformedResponse(let path, let reason): L10n.tr("error.network.malformedResponse", ["path": path, "reason": reason])
        case .transport(let code, _): L10n.tr("error.network.transport", ["code": String(code)])
        case .cancelled: L10n.tr("error.network.cancelled")
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .invalidSiteAddress: L10n.tr("error.network.invalidSiteAddress.hint")
        case .insecureConnection: L10n.tr("error.network.insecureConnection.hint")
        case .dnsFailure: L10n.tr("error.network.dnsFailure.hint")
        case .connectionRefused: L10n.tr("error.network.connectionRefused.hint")
        case .timeout: L10n.tr("error.network.timeout.hint")
        case .tlsFailure: L10n.tr("error.network.tlsFailure.hint")
        case .connectionLost: L10n.tr("error.network.connectionLost.hint")
        case .offline: L10n.tr("error.network.offline.hint")
        case .unauthorized: L10n.tr("error.network.unauthorized.hint")
        case .forbidden: L10n.tr("error.network.forbidden.hint")
        case .notFound: L10n.tr("error.network.notFound.hint")
        case .wooCommerceMissing: L10n.tr("error.network.wooCommerceMissing.hint")
        case .notWordPress: L10n.tr("error.network.notWordPress.hint")
        case .rateLimited(let wait):
            wait.map { L10n.tr("error.network.rateLimited.hint.seconds", ["seconds": String($0.components.seconds)]) }
                ?? L10n.tr("error.network.rateLimited.hint")
        case .serverError: L10n.tr("error.network.serverError.hint")
        case .unexpectedStatus: L10n.tr("error.network.unexpectedStatus.hint")
        case .malformedResponse: L10n.tr("error.network.malformedResponse.hint")
        case .transport: L10n.tr("error.network.transport.hint")
        case .cancelled: ""
        }
    }

    /// The server's own error after the message (its words and code, verbatim), or the closing full stop.
    private static func detail(_ error: WordPressError?) -> String {
        guard let error else { return "." }
        return error.message.isEmpty ? " (\(error.code))." : ": \(error.message) (\(error.code))."
    }
}
