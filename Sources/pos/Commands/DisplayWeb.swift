import ArgumentParser
import Composition
import CustomerDisplayWeb
import Foundation
import HardwareLinux
import Localization
import Logging
import POSFoundation
import Yosemite

/// `pos display --web [--listen HOST:PORT]`: the customer display as a web page for a monitor facing the customer.
/// It follows the counter's socket as `pos display` does and serves what it hears over HTTP (CustomerDisplayWeb).
enum DisplayWeb {
    /// Where it listens unless `--listen` says otherwise: loopback only.
    static let defaultListen = "127.0.0.1:8470"
    /// The LAN token's file in the data directory (mode 0600).
    static let tokenName = "customer-display.token"

    static func run(dataDirectory: URL, listen: String?, retryMs: Int) async throws {
        guard let (host, port) = parse(listen ?? defaultListen) else {
            Console.error(L10n.tr("cli.display.web.error.listen", ["address": listen ?? ""]))
            throw ExitStatus.usage.exitCode
        }
        // Beyond loopback only with a token: someone on the LAN must know it to see the cart.
        let token: String? = isLoopback(host) ? nil : try loadOrCreateToken(dataDirectory: dataDirectory)
        let hub = DisplayWebHub()
        // The names a browser may reach it by: loopback, the listen address, and the machine's own addresses when it
        // listens on every address (any other Host header is refused: no DNS rebinding).
        let wildcard = host == "0.0.0.0" || host == "::"
        let server = DisplayWebServer(host: host, port: port, token: token, hub: hub,
                                      hostNames: wildcard ? Self.lanAddresses() : [], logoDirectory: dataDirectory)
        let logger = Logger(label: "pos.display.web") { _ in SwiftLogNoOpLogHandler() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.run(logger: logger) { bound in
                    // Listening on every address: the URLs a browser on the LAN opens are the machine's own.
                    let hosts = host == "0.0.0.0" || host == "::" ? Self.lanAddresses() : [host]
                    for shownHost in hosts.isEmpty ? [host] : hosts {
                        let shown = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
                        let url = "http://\(shown):\(bound)/" + (token.map { "?token=\($0)" } ?? "")
                        Console.out(L10n.tr("cli.out.display.web.serving", ["url": url]))
                    }
                }
            }
            group.addTask {
                await follow(socket: CustomerDisplays.socketPath(dataDirectory: dataDirectory), hub: hub, retryMs: retryMs)
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// The machine's IPv4 addresses other than loopback, for the URLs to print when listening on every address.
    static func lanAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count),
                              nil, 0, NI_NUMERICHOST) == 0 else { continue }
            addresses.append(String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return addresses
    }

    /// Publishes each state the counter sends as a view, "closed" while no counter serves the socket, and
    /// connects again every `retryMs`.
    static func follow(socket path: String, hub: DisplayWebHub, retryMs: Int) async {
        let boot = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        var seq = 0
        var language = L10n.screen.language
        var store = ""
        let decoder = JSONDecoder()
        func publish(_ view: DisplayWebView) {
            guard viewDiffers(view, hub.current) else { return }
            hub.publish(view)
        }
        while !Task.isCancelled {
            if let lines = try? UnixLineClient.lines(from: path) {
                for await line in lines {
                    guard let state = try? decoder.decode(CustomerDisplayState.self, from: Data(line.utf8)) else { continue }
                    if let spoken = state.language { language = spoken }
                    if let name = state.storeName { store = name }
                    seq += 1
                    publish(DisplayWebView.of(state, boot: boot, seq: seq, fallbackStore: store))
                }
            }
            seq += 1
            publish(DisplayWebView.closed(boot: boot, seq: seq, language: language, store: store))
            try? await Task.sleep(for: .milliseconds(max(50, retryMs)))
        }
    }

    /// Whether two views differ in what they show (their numbers aside).
    static func viewDiffers(_ view: DisplayWebView, _ other: DisplayWebView?) -> Bool {
        guard var other else { return true }
        other.seq = view.seq
        return other != view
    }

    /// "HOST:PORT" or "[V6]:PORT".
    static func parse(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (0...65535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The data directory's token (kept, so the kiosk's URL stays valid across restarts), else a new one of 32 random
    /// bytes written with mode 0600.
    static func loadOrCreateToken(dataDirectory: URL) throws -> String {
        let path = dataDirectory.appendingPathComponent(tokenName).path
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if token.count >= 32 { return token }
        }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        try? FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            Console.error(L10n.tr("cli.display.web.error.token", ["path": path]))
            throw ExitStatus.usage.exitCode
        }
        let bytes = Array((token + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        fsync(fd)
        close(fd)
        guard written == bytes.count else {
            Console.error(L10n.tr("cli.display.web.error.token", ["path": path]))
            throw ExitStatus.usage.exitCode
        }
        return token
    }
}
