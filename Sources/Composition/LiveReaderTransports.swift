import Foundation
import Hardware
import HardwareLinux
import POSFoundation

/// The composition seam between the reader commands and the live transports of HardwareLinux.
public enum LiveReaderTransports {
    /// The transport for a reader address: TCP for `zvt+tcp`, a TTY for `…+serial` (9600 8N2 for ZVT, 8N1 for
    /// Concert), libusb for `…+usb`, and the in-process simulator (``InProcessTerminal``) for `sim://`.
    public static func transport(for address: ReaderAddress, dataDirectory: URL? = nil) throws -> any ByteTransport {
        switch address.link {
        case .tcp(let host, let port):
            return TCPTransport(host: host, port: port, connectTimeout: .seconds(5))
        case .serial(let path):
            return TTYTransport(path: path, settings: address.terminalProtocol == .concert ? .concert : .zvt)
        case .usb(let vendorID, let productID):
            let known = KnownTerminal.matching(vendorID: vendorID, productID: productID)
            let settings = known?.lineSettings ?? (address.terminalProtocol == .concert ? .concert : .zvt)
            return LibUSBTransport(
                vendorID: vendorID, productID: productID, settings: settings,
                interfaceKind: known?.interfaceKind ?? .cdcACM, api: LiveLibUSB()
            )
        case .inProcess:
            return try InProcessTerminal.transport(dataDirectory: dataDirectory)
        }
    }

    /// The card-reader service of a pos process: live transports, terminal time in this machine's time zone, and
    /// the ZVT limits (``zvtTimeouts(_:)``); `sim://` keeps its memory in `dataDirectory` when given.
    public static func cardReaderService(currency: Currency, dataDirectory: URL? = nil) -> any CardReaderService {
        let offset = Int64(TimeZone.current.secondsFromGMT())
        return DefaultCardReaderService(
            makeTransport: { address in try transport(for: address, dataDirectory: dataDirectory) }, currency: currency,
            matcher: UnknownOutcomeMatcher(utcOffsetSeconds: offset),
            zvtTimeouts: zvtTimeouts(ProcessInfo.processInfo.environment), logger: LoggingSetup.logger())
    }

    /// The ZVT timeouts, with the two short limits from the environment in whole seconds (docs/hardware.md "ZVT
    /// time limits"): `POS_ZVT_COMPLETION_LIMIT` (after the final status, default 15) and `POS_ZVT_SILENCE_LIMIT`
    /// (silence after the acknowledgement, default 15). A value that is not a whole number is ignored.
    public static func zvtTimeouts(_ environment: [String: String]) -> ZVTTimeouts {
        ZVTTimeouts.standard.with(
            completionAfterStatusSeconds: environment["POS_ZVT_COMPLETION_LIMIT"].flatMap { Int($0) },
            silenceAfterAcknowledgeSeconds: environment["POS_ZVT_SILENCE_LIMIT"].flatMap { Int($0) }
        )
    }

    /// Known terminals plugged in by USB now, matched against the table the udev rules come from.
    public static func discoveredTerminals() async -> Result<[DiscoveredTerminal], LibUSBError> {
        do {
            return .success(try await LibUSBDeviceEnumerator(api: LiveLibUSB()).knownTerminals())
        } catch {
            return .failure(error)
        }
    }

    /// Accepts connections on a TCP port and hands each to `serve`, until cancelled.
    public static func listen(
        host: String, port: UInt16, announce: (UInt16) -> Void, serve: @escaping @Sendable (any ByteTransport) async -> Void
    ) async throws {
        let listener = TCPListener(host: host, port: port)
        let bound = try listener.start()
        announce(bound)
        defer { listener.close() }
        while !Task.isCancelled {
            let connection = try await listener.accept()
            Task { await serve(connection) }
        }
    }

    /// Opens a pseudo-terminal pair, links its secondary end at `link`, and returns the primary end.
    ///
    /// - Throws: ``TransportError`` with code `.busy` when anything (a file, a symbolic link, socat's link) is at
    ///   `link` already: it is never replaced.
    public static func pseudoTerminal(linkedAt link: String) async throws -> LinkedPseudoTerminal {
        let pair = try PseudoTerminalPair.open(linkedAt: link)
        let primary = try pair.makePrimaryTransport()
        try await primary.open()
        return LinkedPseudoTerminal(pair: pair, primary: primary)
    }
}

/// The primary end of a pseudo-terminal pair linked at a path, keeping the pair (and so the secondary path) alive.
///
/// The simulator serves one session after another on the same line, as a terminal on a cable does, so closing a
/// session leaves the line open; it closes when the process ends. ``removeLink()`` takes the link away (at exit).
public struct LinkedPseudoTerminal: ByteTransport {
    let pair: PseudoTerminalPair
    let primary: any ByteTransport

    /// The secondary side the link points to, e.g. "/dev/pts/3".
    public var secondaryPath: String { pair.secondaryPath }

    /// Removes the link, if it still points to this pair.
    public func removeLink() { pair.removeLink() }

    public var endpointDescription: String { primary.endpointDescription }
    public func open() async throws(TransportError) { try await primary.open() }
    public func write(_ bytes: [UInt8]) async throws(TransportError) { try await primary.write(bytes) }
    public func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        try await primary.read(maxLength: maxLength, timeout: timeout)
    }
    public func close() async {}
}
