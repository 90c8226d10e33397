import Foundation
import AsyncHTTPClient
import Networking
import NIOCore
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct NetworkErrorTests {
    private func body(_ code: String, _ status: Int) -> Data {
        Data(#"{"code":"\#(code)","message":"Sorry","data":{"status":\#(status)}}"#.utf8)
    }

    @Test func initStatus_success_isNil() {
        #expect(NetworkError(status: 200, headers: [:], body: Data(), path: "wc/v3/orders") == nil)
        #expect(NetworkError(status: 201, headers: [:], body: Data(), path: "wc/v3/orders") == nil)
    }

    @Test func initStatus_401And403_carryTheWordPressError() {
        // When
        let unauthorized = NetworkError(status: 401, headers: [:], body: body("rest_not_logged_in", 401), path: "wp/v2/users/me")
        let forbidden = NetworkError(status: 403, headers: [:], body: Data("<html>".utf8), path: "wc/v3/orders")

        // Then
        #expect(unauthorized == .unauthorized(WordPressError(code: "rest_not_logged_in", message: "Sorry", status: 401)))
        #expect(forbidden == .forbidden(nil))
        #expect(unauthorized?.isRetryable == false)
    }

    @Test func initStatus_404RestNoRouteOnWooPath_isWooCommerceMissing() {
        // When
        let missing = NetworkError(status: 404, headers: [:], body: body("rest_no_route", 404), path: "wc/v3/orders")
        let otherRoute = NetworkError(status: 404, headers: [:], body: body("rest_no_route", 404), path: "wp/v2/users/me")
        let noOrder = NetworkError(status: 404, headers: [:], body: body("woocommerce_rest_shop_order_invalid_id", 404), path: "wc/v3/orders/9")

        // Then
        #expect(missing == .wooCommerceMissing(path: "wc/v3/orders"))
        #expect(otherRoute == .notFound(path: "wp/v2/users/me", WordPressError(code: "rest_no_route", message: "Sorry", status: 404)))
        #expect(noOrder?.wordPressError?.code == "woocommerce_rest_shop_order_invalid_id")
    }

    @Test func initStatus_429_parsesRetryAfterSecondsOrDate() {
        // When
        let seconds = NetworkError(status: 429, headers: ["retry-after": "30"], body: Data(), path: "wc/v3/orders")
        let date = NetworkError(
            status: 429,
            headers: ["Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT", "Date": "Wed, 21 Oct 2026 07:27:00 GMT"],
            body: Data(), path: "wc/v3/orders")
        let none = NetworkError(status: 429, headers: [:], body: Data(), path: "wc/v3/orders")

        // Then
        #expect(seconds == .rateLimited(retryAfter: .seconds(30)))
        #expect(date == .rateLimited(retryAfter: .seconds(60)))
        #expect(none == .rateLimited(retryAfter: nil))
        #expect(seconds?.isRetryable == true)
        #expect(seconds?.mayHaveReachedServer == false)
    }

    @Test func initStatus_5xxAndOthers_areDistinct() {
        // When
        let server = NetworkError(status: 503, headers: [:], body: Data(), path: "wc/v3/orders")
        let bad = NetworkError(status: 400, headers: [:], body: body("rest_invalid_param", 400), path: "wc/v3/orders")

        // Then
        #expect(server == .serverError(status: 503, nil))
        #expect(server?.isRetryable == true)
        #expect(server?.mayHaveReachedServer == true)
        #expect(bad?.statusCode == 400)
        #expect(bad?.wordPressError?.code == "rest_invalid_param")
        #expect(bad?.isRetryable == false)
    }

    @Test(arguments: [
        (HTTPClientError.deadlineExceeded as any Error, "timeout"), (HTTPClientError.readTimeout, "timeout"),
        (HTTPClientError.connectTimeout, "timeout"), (HTTPClientError.remoteConnectionClosed, "lost"),
        (HTTPClientError.cancelled, "cancelled"), (CancellationError(), "cancelled"),
        (IOError(errnoCode: ECONNREFUSED, reason: "connect"), "refused"),
        (IOError(errnoCode: ENETUNREACH, reason: "connect"), "offline"),
        (IOError(errnoCode: ECONNRESET, reason: "read"), "lost"), (ChannelError.eof, "lost"),
        (IOError(errnoCode: EACCES, reason: "connect"), "transport"),
    ])
    func initTransportError_mapsToDistinctCases(error: any Error, expected: String) {
        // When
        let mapped = NetworkError(transportError: error, host: "shop.example", path: "wc/v3/orders")

        // Then
        let kind: String = switch mapped {
        case .dnsFailure: "dns"
        case .connectionRefused: "refused"
        case .timeout: "timeout"
        case .connectionLost: "lost"
        case .tlsFailure: "tls"
        case .offline: "offline"
        case .cancelled: "cancelled"
        case .transport: "transport"
        default: "other"
        }
        #expect(kind == expected)
    }

    @Test func mayHaveReachedServer_isTrueOnlyWhenTheOutcomeIsUnknown() {
        #expect(NetworkError.timeout(path: "p").mayHaveReachedServer)
        #expect(NetworkError.connectionLost(path: "p").mayHaveReachedServer)
        #expect(NetworkError.malformedResponse(path: "p", reason: "r").mayHaveReachedServer)
        #expect(!NetworkError.dnsFailure(host: "h").mayHaveReachedServer)
        #expect(!NetworkError.connectionRefused(host: "h").mayHaveReachedServer)
        #expect(!NetworkError.tlsFailure(host: "h", code: -1200).mayHaveReachedServer)
        #expect(!NetworkError.unauthorized(nil).mayHaveReachedServer)
    }

    @Test func message_everyCase_saysWhatToDo() {
        // Given
        let errors: [NetworkError] = [
            .invalidSiteAddress("x", reason: "r"), .insecureConnection(host: "h"), .dnsFailure(host: "h"),
            .connectionRefused(host: "h"), .timeout(path: "p"), .tlsFailure(host: "h", code: -1200),
            .connectionLost(path: "p"), .offline, .unauthorized(nil), .forbidden(nil), .notFound(path: "p", nil),
            .wooCommerceMissing(path: "p"), .notWordPress(site: "s"), .rateLimited(retryAfter: .seconds(5)),
            .serverError(status: 500, nil), .unexpectedStatus(status: 400, nil), .malformedResponse(path: "p", reason: "r"),
            .transport(code: -1, path: "p"),
        ]

        // Then
        for error in errors {
            #expect(!error.message.isEmpty)
            #expect(!error.recoverySuggestion.isEmpty)
        }
        #expect(Set(errors.map(\.message)).count == errors.count)
    }
}
