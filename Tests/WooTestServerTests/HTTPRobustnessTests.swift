import Foundation
import Glibc
import Testing
@testable import WooTestServer

/// Raw-socket tests: bad requests get 400, pipelined and slow requests work.
struct HTTPRobustnessTests {
    /// Sends raw bytes in `chunks` and reads until the server closes. The blocking socket calls run on a thread
    /// of their own, never on a concurrency pool thread (two on a 2-core machine) that other tests need meanwhile.
    private func exchange(_ port: Int, _ chunks: [String]) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Self.blockingExchange(port, chunks)) }
        }
    }

    private static func blockingExchange(_ port: Int, _ chunks: [String]) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return "" }
        for chunk in chunks {
            _ = Array(chunk.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        shutdown(fd, Int32(SHUT_WR))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
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

    @Test func jsonParser_roundTripsAndRejectsGarbage() throws {
        let text = #"{"a":[1,2.50,"x\u00e9\n"],"b":{"c":null,"d":true}}"#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value["a"]?.arrayValue?[1] == .number("2.50"))
        #expect(value["a"]?.arrayValue?[2] == .string("xé\n"))
        #expect(try JSONParser.parse(Array(value.serialized().utf8)) == value)
        #expect(JSON.string("a/ä😀").serialized() == #""a\/\u00e4\ud83d\ude00""#)
        #expect(throws: JSONParser.ParseError.self) { try JSONParser.parse(Array("[1,".utf8)) }
        #expect(throws: JSONParser.ParseError.self) {
            try JSONParser.parse(Array((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8))
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
