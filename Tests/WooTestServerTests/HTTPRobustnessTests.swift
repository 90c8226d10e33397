import Foundation
import Glibc
import Testing
@testable import WooTestServer

/// Raw-socket tests: bad requests get 400, pipelined and slow requests work, faults and `Connection: close` act
/// on the wire as announced.
struct HTTPRobustnessTests {
    /// What came back on one connection: the bytes, and whether it ended with a reset (RST) instead of a close.
    private struct Received {
        var text = ""
        var reset = false
    }

    /// Sends raw bytes in `chunks` and reads until the server closes. The blocking socket calls run on a thread
    /// of their own, never on a concurrency pool thread (two on a 2-core machine) that other tests need meanwhile.
    private func exchange(_ port: Int, _ chunks: [String]) async -> String {
        await received(port, chunks).text
    }

    private func received(_ port: Int, _ chunks: [String]) async -> Received {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Self.blockingExchange(port, chunks)) }
        }
    }

    private static func blockingExchange(_ port: Int, _ chunks: [String]) -> Received {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return Received() }
        for chunk in chunks {
            _ = Array(chunk.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        shutdown(fd, Int32(SHUT_WR))
        var received: [UInt8] = []
        var reset = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n < 0 { reset = errno == ECONNRESET }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        return Received(text: String(decoding: received, as: UTF8.self), reset: reset)
    }

    @Test(arguments: ["GARBAGE\r\n\r\n", "GET /wp-json/ HTTP/1.1\r\nContent-Length: x\r\n\r\n",
                      "GET /%zz HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nno-colon-here\r\n\r\n"])
    func badRequest_gets400(raw: String) async throws {
        // Given
        let harness = try ServerHarness()
        // When
        let response = await exchange(harness.baseURL.port!, [raw])
        // Then
        #expect(response.hasPrefix("HTTP/1.1 400"))
    }

    @Test func pipelinedAndSplitRequests_areAllAnswered() async throws {
        // Given
        let harness = try ServerHarness()
        let one = "GET /wp-json/ HTTP/1.1\r\nHost: x\r\n\r\n"
        let two = "GET /?rest_route=/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        // When
        let response = await exchange(harness.baseURL.port!, [String(one.prefix(10)), String(one.dropFirst(10)) + two])
        // Then
        #expect(response.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
    }

    @Test func resetFault_sendsARSTAndNoByte() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.resetBeforeWrite, path: "/wc/v3/products"))
        // When
        let received = await received(harness.baseURL.port!, ["GET /wp-json/wc/v3/products HTTP/1.1\r\nHost: x\r\n\r\n"])
        // Then
        #expect(received.text.isEmpty)
        #expect(received.reset)
    }

    @Test func truncatedFault_announcesTheWholeBodySendsHalfAndCloses() async throws {
        // Given
        let harness = try ServerHarness()
        harness.server.faults.add(Fault(.truncatedBody))
        // When
        let received = await received(harness.baseURL.port!, ["GET /wp-json/ HTTP/1.1\r\nHost: x\r\n\r\n"])
        // Then
        let parts = received.text.components(separatedBy: "\r\n\r\n")
        let length = parts[0].components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
        #expect(received.text.hasPrefix("HTTP/1.1 200"))
        #expect(!received.reset)
        #expect(parts.count == 2)
        #expect((length ?? 0) > 0)
        #expect(parts.last.map { $0.utf8.count } == (length ?? 0) / 2)
    }

    @Test func storeCosts_closeTheConnectionAfterEachAnswer() async throws {
        // Given: a pipelined second request that a keep-alive server would answer too
        let harness = try ServerHarness()
        harness.server.storeCosts = StoreCosts(
            perRequestMilliseconds: 0, perTrimmedItemMilliseconds: 0, perFullItemMilliseconds: 0,
            perBatchedOrderMilliseconds: 0, perSingleOrderMilliseconds: 0, workers: 2)
        let request = "GET /wp-json/ HTTP/1.1\r\nHost: x\r\n\r\n"
        // When
        let response = await exchange(harness.baseURL.port!, [request + request])
        // Then
        #expect(response.components(separatedBy: "HTTP/1.1 200 OK").count == 2)
        #expect(response.lowercased().contains("connection: close"))
    }

    @Test func keepAlive_answersEveryRequestOnOneConnection() async throws {
        // Given
        let harness = try ServerHarness()
        let request = "GET /wp-json/ HTTP/1.1\r\nHost: x\r\n\r\n"
        // When
        let response = await exchange(harness.baseURL.port!, [request, request, request])
        // Then
        #expect(response.components(separatedBy: "HTTP/1.1 200 OK").count == 4)
        #expect(response.lowercased().components(separatedBy: "connection: keep-alive").count == 4)
    }

    @Test func stop_closesTheListener() async throws {
        // Given
        let harness = try ServerHarness()
        let port = harness.baseURL.port!
        // When
        harness.server.stop()
        // Then
        #expect(await exchange(port, ["GET / HTTP/1.1\r\n\r\n"]).isEmpty)
    }
}

struct ValueTests {
    @Test func fixed_parsesRoundsAndFormats() {
        #expect(Fixed(parsing: "12.5")?.formatted(2) == "12.50")
        #expect(Fixed(parsing: "-0.125")?.rounded(2).formatted(2) == "-0.13")
        #expect(Fixed(parsing: "0.125")?.rounded(2, .halfDown).formatted(2) == "0.12")
        #expect(Fixed(parsing: "1.0537815")?.trimmed == "1.053782")
        #expect(Fixed(parsing: "abc") == nil)
        #expect(Fixed(parsing: "1e5") == nil)
    }

    @Test func json_roundTripsThroughFoundationAndRejectsGarbage() throws {
        let text = #"{"b":{"d":true,"c":null},"a":[1,2.50,"x\u00e9\n",123456789012345678901234567890]}"#
        let value = try JSON(parsing: Array(text.utf8))
        // Numbers keep their exact value (as Decimal, never Double); keys come back sorted.
        #expect(value["a"]?.arrayValue?[1] == .number("2.5"))
        #expect(value["a"]?.arrayValue?[3] == .number("123456789012345678901234567890"))
        #expect(value["a"]?.arrayValue?[2] == .string("xé\n"))
        #expect(value["b"] == .object([("c", .null), ("d", .bool(true))]))
        #expect(try JSON(parsing: Array(value.serialized().utf8)) == value)
        #expect(value.serialized() == #"{"a":[1,2.5,"x\u00e9\n",123456789012345678901234567890],"b":{"c":null,"d":true}}"#)
        #expect(JSON.string("a/ä😀").serialized() == #""a\/\u00e4\ud83d\ude00""#)
        #expect(throws: (any Error).self) { try JSON(parsing: Array("[1,".utf8)) }
        #expect(throws: (any Error).self) { try JSON(parsing: Array("{\"a\":1} x".utf8)) }
        #expect(throws: (any Error).self) {
            try JSON(parsing: Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8))
        }
    }

    @Test func wooDate_parsesZonesAndFormatsWithoutZone() {
        let date = WooDate.parse("2024-03-01T12:00:00+01:00")
        #expect(date.map(WooDate.format) == "2024-03-01T11:00:00")
        #expect(WooDate.parse("2024-03-01T11:00:00Z") == date)
        #expect(WooDate.parse("2024-03-01") != nil)
        #expect(WooDate.parse("yesterday") == nil)
    }
}
