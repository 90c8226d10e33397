import Foundation
/// Where a store-floor device (a scale, a pole display) is, parsed from the address people type.
///
/// `scale+serial:///dev/ttyUSB2`, `display+serial:///dev/ttyUSB1`, with the line settings optionally after a
/// `?line=`: `scale+serial:///dev/ttyUSB2?line=9600,7E1`. Without one, each kind has its usual settings
/// (``DeviceKind/defaultSerialSettings``). `sim://` is the simulated scale inside the pos process (the demo store's,
/// as `sim://` is its card terminal). Payment terminals have their own ``ReaderAddress``.
public struct DeviceAddress: Hashable, Sendable, CustomStringConvertible {
    /// What is at the address.
    public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
        /// A scale speaking the Mettler Toledo 8217 protocol.
        case scale
        /// A 2×20 pole display speaking the Epson display command set.
        case display

        /// 9600 7E1 for an 8217 scale; 9600 8N1 for an Epson-mode pole display.
        public var defaultSerialSettings: SerialSettings {
            switch self {
            case .scale: .toledo8217
            case .display: .poleDisplay
            }
        }

        /// How a transport's errors name the device.
        public var transportDevice: TransportError.Device {
            switch self {
            case .scale: .scale
            case .display: .poleDisplay
            }
        }
    }

    /// How the device is reached.
    public enum Link: Hashable, Sendable {
        /// A serial line: the device path ("/dev/ttyUSB2") and its settings.
        case serial(path: String, settings: SerialSettings)
        /// The simulated device inside this pos process (`sim://`); only a scale has one.
        case inProcess
    }

    public let kind: DeviceKind
    public let link: Link

    /// A device on a serial line, with the kind's usual settings unless `settings` says otherwise.
    public init(kind: DeviceKind, path: String, settings: SerialSettings? = nil) {
        self.kind = kind
        self.link = .serial(path: path, settings: settings ?? kind.defaultSerialSettings)
    }

    /// The simulated scale inside this pos process: `sim://`.
    public static let simulatedScale = DeviceAddress(kind: .scale, link: .inProcess)

    private init(kind: DeviceKind, link: Link) {
        self.kind = kind
        self.link = link
    }

    /// Parses an address.
    ///
    /// - Parameter expected: The kind the caller wants; another kind is refused.
    /// - Throws: ``TransportError`` with code `.invalidAddress` naming what is wrong.
    public init(_ text: String, expecting expected: DeviceKind? = nil) throws(TransportError) {
        let trimmed = text.trimmingSpaces()
        func invalid(_ why: String) -> TransportError { TransportError(.invalidAddress, endpoint: trimmed, underlying: why) }
        guard let schemeEnd = trimmed.range(of: "://") else { throw invalid("expected scale+serial:///dev/… or display+serial:///dev/…") }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        if scheme == "sim" {
            guard trimmed[schemeEnd.upperBound...].isEmpty else { throw invalid("sim:// takes nothing after it") }
            guard expected != .display else { throw invalid("sim:// is the simulated scale; a pole display has no simulator") }
            self = .simulatedScale
            return
        }
        let parts = scheme.split(separator: "+", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = DeviceKind(rawValue: parts[0]) else {
            throw invalid("unknown scheme \(scheme); use scale+serial, display+serial or sim (the simulated scale)")
        }
        guard parts[1] == "serial" else { throw invalid("unknown link \(parts[1]); only serial is supported") }
        if let expected, expected != kind { throw invalid("expected a \(expected.rawValue) address, not a \(kind.rawValue)") }
        var rest = String(trimmed[schemeEnd.upperBound...])
        var settings: SerialSettings?
        if let query = rest.firstIndex(of: "?") {
            let option = rest[rest.index(after: query)...]
            rest = String(rest[..<query])
            guard option.hasPrefix("line="), let parsed = SerialSettings(parsing: String(option.dropFirst("line=".count))) else {
                throw invalid("expected ?line=BAUD,FRAME, e.g. ?line=9600,7E1")
            }
            settings = parsed
        }
        guard rest.hasPrefix("/"), rest.count > 1, !rest.contains(" ") else { throw invalid("expected an absolute device path") }
        self.init(kind: kind, path: rest, settings: settings)
    }

    /// The address as typed, with `?line=` only when the settings differ from the kind's usual ones.
    public var description: String {
        switch link {
        case .serial(let path, let settings):
            let line = settings == kind.defaultSerialSettings
                ? "" : "?line=\(settings.baudRate),\(settings.dataBits)\(settings.parity.letter)\(settings.stopBits.rawValue)"
            return "\(kind.rawValue)+serial://\(path)\(line)"
        case .inProcess:
            return "sim://"
        }
    }
}

extension SerialSettings {
    /// A Mettler Toledo scale in 8217 mode: 9600 7E1 (Odoo's IoT driver; the scale's setup menu can change it).
    public static let toledo8217 = SerialSettings(baudRate: 9600, dataBits: 7, parity: .even, stopBits: .one)
    /// An Epson-mode pole display (DM-D series and compatibles): 9600 8N1.
    public static let poleDisplay = SerialSettings(baudRate: 9600, dataBits: 8, parity: .none, stopBits: .one)
}
