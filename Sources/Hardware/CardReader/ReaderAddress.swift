import Foundation
/// Where a payment terminal is and which protocol it speaks, parsed from the address people type.
///
/// `zvt+tcp://host:port` (port 20007 when omitted), `zvt+serial:///dev/ttyACM0`, `zvt+usb://VID:PID`,
/// `concert+serial:///dev/ttyACM0`, `concert+usb://VID:PID`, `sim://` (the built-in simulator).
public struct ReaderAddress: Hashable, Sendable, CustomStringConvertible {
    /// The terminal's protocol.
    public enum TerminalProtocol: String, Hashable, Sendable { case zvt, concert, simulator }

    /// How the bytes travel.
    public enum Link: Hashable, Sendable {
        case tcp(host: String, port: UInt16)
        case serial(path: String)
        case usb(vendorID: UInt16, productID: UInt16)
        case inProcess
    }

    public let terminalProtocol: TerminalProtocol
    public let link: Link

    /// The default ZVT port.
    public static let defaultZVTPort: UInt16 = 20007

    public init(terminalProtocol: TerminalProtocol, link: Link) {
        self.terminalProtocol = terminalProtocol
        self.link = link
    }

    /// Parses an address.
    ///
    /// - Throws: ``TransportError`` with code `.invalidAddress` naming what is wrong.
    public init(_ text: String) throws(TransportError) {
        let trimmed = String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        func invalid(_ why: String) -> TransportError { TransportError(.invalidAddress, endpoint: trimmed, underlying: why) }
        guard let schemeEnd = trimmed.range(of: "://") else { throw invalid("expected scheme://…") }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        let rest = String(trimmed[schemeEnd.upperBound...])
        if scheme == "sim" {
            self.init(terminalProtocol: .simulator, link: .inProcess)
            return
        }
        let parts = scheme.split(separator: "+", maxSplits: 1).map(String.init)
        guard parts.count == 2, let proto = TerminalProtocol(rawValue: parts[0]), proto != .simulator else {
            throw invalid("unknown scheme \(scheme); use zvt+tcp, zvt+serial, zvt+usb, concert+serial, concert+usb or sim")
        }
        switch parts[1] {
        case "tcp":
            guard proto == .zvt else { throw invalid("Concert runs over serial or USB, not TCP") }
            let hostPort = rest.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            var host = hostPort
            var port = ReaderAddress.defaultZVTPort
            var bracketed = false
            if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
                bracketed = true
                host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
                let after = hostPort[hostPort.index(after: close)...]
                if after.hasPrefix(":") {
                    guard let value = UInt16(after.dropFirst()), value > 0 else { throw invalid("bad port") }
                    port = value
                } else if !after.isEmpty {
                    throw invalid("expected :port after the bracketed address")
                }
                guard !host.contains("[") else { throw invalid("bad host") }
            } else if let colon = hostPort.lastIndex(of: ":") {
                host = String(hostPort[..<colon])
                guard let value = UInt16(hostPort[hostPort.index(after: colon)...]), value > 0 else { throw invalid("bad port") }
                port = value
            }
            // Only a bracketed host may hold a colon (IPv6), so that the address reads back the same.
            guard bracketed || !host.contains(where: { ":[]".contains($0) }) else {
                throw invalid("put an IPv6 address in brackets, e.g. zvt+tcp://[fe80::1]:20007")
            }
            guard !host.isEmpty else { throw invalid("no host") }
            self.init(terminalProtocol: proto, link: .tcp(host: host, port: port))
        case "serial":
            guard rest.hasPrefix("/"), rest.count > 1 else { throw invalid("expected an absolute device path") }
            self.init(terminalProtocol: proto, link: .serial(path: rest))
        case "usb":
            let ids = rest.split(separator: ":").map(String.init)
            guard ids.count == 2, ids.allSatisfy({ $0.count == 4 }), let vendor = UInt16(ids[0], radix: 16),
                let product = UInt16(ids[1], radix: 16)
            else { throw invalid("expected VID:PID in hex, e.g. 0b00:0080") }
            self.init(terminalProtocol: proto, link: .usb(vendorID: vendor, productID: product))
        default:
            throw invalid("unknown link \(parts[1])")
        }
    }

    public var description: String {
        switch (terminalProtocol, link) {
        case (.simulator, _), (_, .inProcess): "sim://"
        case (let proto, .tcp(let host, let port)): "\(proto.rawValue)+tcp://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case (let proto, .serial(let path)): "\(proto.rawValue)+serial://\(path)"
        case (let proto, .usb(let vendor, let product)): "\(proto.rawValue)+usb://\(hex4(vendor)):\(hex4(product))"
        }
    }
}
