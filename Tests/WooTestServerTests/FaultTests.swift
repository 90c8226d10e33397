import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WooTestServer

/// Reset faults use a fresh URLSession: on a reused keep-alive connection, FoundationNetworking (libcurl) does
/// not report the RST of a POST as a connection loss but waits for `timeoutIntervalForRequest` and fails with
/// `NSURLErrorTimedOut` (-1001) — the server sends the RST at once (checked with a raw client).
struct FaultTests {
    private let orderBody = #"{"status":"pending"}"#

    @Test func statusFault_answersStatusWithRetryAfterAndAppliesNothing() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.status(429, retryAfter: 7), method: "POST", path: "/wc/v3/orders"))
        // When
        let first = try await harness.post("/wc/v3/orders", orderBody)
        let second = try await harness.post("/wc/v3/orders", orderBody)
        // Then
        #expect(first.status == 429)
        #expect(first.header("Retry-After") == "7")
        #expect(second.status == 201)
        #expect(harness.server.orders().count == 1)
    }

    @Test func statusFault_withBody_sendsThatBody() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.status(502, body: "<html>Bad gateway</html>"), path: "/wc/v3/products", count: 2))
        // When
        let first = try await harness.send("GET", "/wc/v3/products")
        let second = try await harness.send("GET", "/wc/v3/products")
        let third = try await harness.send("GET", "/wc/v3/products")
        // Then
        #expect(first.status == 502)
        #expect(first.text.contains("Bad gateway"))
        #expect(second.status == 502)
        #expect(third.status == 200)
    }

    @Test func resetBeforeWrite_failsWithURLErrorAndChangesNothing() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.resetBeforeWrite, method: "POST", path: "/wc/v3/orders"))
        // When
        let error = await #expect(throws: URLError.self) {
            _ = try await harness.send("POST", "/wc/v3/orders", body: orderBody, session: ServerHarness.makeSession())
        }
        // Then
        #expect(error != nil)
        #expect(harness.server.orders().isEmpty)
        #expect(harness.server.requestLog.last?.status == 0)
    }

    @Test func resetAfterWrite_failsWithURLErrorButCommits() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.resetAfterWrite, method: "POST", path: "/wc/v3/orders"))
        // When
        await #expect(throws: URLError.self) {
            _ = try await harness.send("POST", "/wc/v3/orders", body: orderBody, session: ServerHarness.makeSession())
        }
        // Then
        #expect(harness.server.orders().count == 1)
        #expect(harness.server.requestLog.last?.delivery == .reset)
    }

    @Test func malformedJSON_commitsAndSendsUnparseableBody() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.malformedJSON, method: "POST", path: "orders"))
        // When
        let reply = try await harness.post("/wc/v3/orders", orderBody)
        // Then
        #expect(reply.status == 201)
        #expect(reply.json == nil)
        #expect(harness.server.orders().count == 1)
    }

    @Test func truncatedBody_failsTheRequest() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.truncatedBody, method: "GET", path: "/wc/v3/products"))
        // When
        let outcome: Result<ServerHarness.Reply, any Error> = await Result(catching: {
            try await harness.send("GET", "/wc/v3/products", session: ServerHarness.makeSession())
        })
        // Then: either the transfer fails or the client sees fewer bytes than announced
        switch outcome {
        case .failure: break
        case let .success(reply): #expect(reply.json == nil)
        }
        #expect(harness.server.requestLog.last?.delivery == .truncated)
    }

    @Test func latencyFault_delaysButAnswers() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.latency(milliseconds: 50), path: "/wc/v3/taxes"))
        // When
        let start = ContinuousClock.now
        let reply = try await harness.send("GET", "/wc/v3/taxes")
        // Then
        #expect(reply.status == 200)
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        #expect(harness.server.faults.pending.isEmpty)
    }

    @Test func controlEndpoint_addsFault() async throws {
        // Given
        let harness = try ServerHarness()
        _ = try await harness.send("POST", "/__test/faults",
                                   body: #"{"kind":"status","status":503,"method":"GET","path":"/wc/v3/coupons","count":1}"#,
                                   raw: true)
        // When
        let reply = try await harness.send("GET", "/wc/v3/coupons")
        // Then
        #expect(reply.status == 503)
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
