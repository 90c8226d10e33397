import Foundation

/// Reads one request from a socket, tolerating partial reads and slow clients.
enum HTTPRequestReader {
    /// What came off the wire.
    enum Outcome {
        case request(HTTPRequest)
        case invalid(status: Int, message: String)
        case closed
    }

    private static let separator: [UInt8] = [13, 10, 13, 10]

    /// Reads the next request; `buffer` carries bytes of a pipelined next request over.
    static func readRequest(from fd: Int32, buffer: inout [UInt8]) -> Outcome {
        var headEnd: Int?
        var searched = 0
        while true {
            headEnd = find(separator, in: buffer, from: max(0, searched - 3))
            searched = buffer.count
            if headEnd != nil { break }
            if buffer.count > HTTPServer.maximumHeadBytes {
                return .invalid(status: 431, message: "Request head too large.")
            }
            guard let n = Socket.read(fd, into: &buffer, count: 16 * 1024), n > 0 else { return .closed }
        }
        guard let end = headEnd else { return .closed }
        let headBytes = Array(buffer[0..<end])
        buffer.removeFirst(end + separator.count)
        guard let head = String(bytes: headBytes, encoding: .utf8) else {
            return .invalid(status: 400, message: "The request head is not UTF-8.")
        }
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."),
              let target = HTTPRequest.splitTarget(String(requestLine[1])) else {
            return .invalid(status: 400, message: "Malformed request line.")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                return .invalid(status: 400, message: "Malformed header line.")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["transfer-encoding"] != nil {
            return .invalid(status: 400, message: "Chunked request bodies are not supported.")
        }
        var length = 0
        if let text = headers["content-length"] {
            guard let value = Int(text), value >= 0 else {
                return .invalid(status: 400, message: "Invalid Content-Length.")
            }
            guard value <= HTTPServer.maximumBodyBytes else {
                return .invalid(status: 413, message: "Request body too large.")
            }
            length = value
        }
        while buffer.count < length {
            guard let n = Socket.read(fd, into: &buffer, count: min(64 * 1024, length - buffer.count)), n > 0 else {
                return .closed
            }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return .request(HTTPRequest(
            method: String(requestLine[0]).uppercased(),
            path: target.path,
            queryItems: target.query,
            headers: headers,
            body: body,
            isHTTP10: requestLine[2] == "HTTP/1.0"
        ))
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0], haystack[i + 1] == needle[1], haystack[i + 2] == needle[2],
               haystack[i + 3] == needle[3] {
                return i
            }
            i += 1
        }
        return nil
    }
}
