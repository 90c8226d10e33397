/// Line settings for a serial link (RS-232, or the virtual line of a USB CDC-ACM device).
///
/// ZVT terminals default to 9600 8N2; Ingenico terminals in Concert mode appear as CDC-ACM at 9600 8N1, while
/// a real RS-232 Concert line uses 7E1 (see docs/hardware.md). Flow control is always off.
public struct SerialSettings: Hashable, Sendable, CustomStringConvertible {
    /// Parity bit.
    public enum Parity: String, Hashable, Sendable {
        case none, odd, even
        /// The letter in "8N1".
        var letter: String {
            switch self {
            case .none: "N"
            case .odd: "O"
            case .even: "E"
            }
        }
    }

    /// Stop bits per character.
    public enum StopBits: Int, Hashable, Sendable {
        case one = 1
        case two = 2
    }

    /// Bits per second (one of the standard rates: 1200 … 230400).
    public let baudRate: Int
    /// Data bits per character, 5 to 8.
    public let dataBits: Int
    public let parity: Parity
    public let stopBits: StopBits

    /// Settings for a line; `baudRate` must be a standard rate and `dataBits` 5…8 (checked when a transport opens).
    public init(baudRate: Int, dataBits: Int = 8, parity: Parity = .none, stopBits: StopBits = .one) {
        self.baudRate = baudRate
        self.dataBits = dataBits
        self.parity = parity
        self.stopBits = stopBits
    }

    /// ZVT's default: 9600 8N2 (reference/zvt.md: ecrterm and Portalum.Zvt agree).
    public static let zvt = SerialSettings(baudRate: 9600, dataBits: 8, parity: .none, stopBits: .two)
    /// Concert over USB CDC-ACM: 9600 8N1 (pypostelium).
    public static let concert = SerialSettings(baudRate: 9600, dataBits: 8, parity: .none, stopBits: .one)
    /// Concert over a real RS-232 line: 9600 7E1 (pyTeliumManager `TeliumNativeSerial`).
    public static let concertRS232 = SerialSettings(baudRate: 9600, dataBits: 7, parity: .even, stopBits: .one)

    /// The standard rates a transport accepts.
    public static let standardBaudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400]

    /// The settings on a pseudo-terminal, which carries 8 bits without parity whatever one sets: the same rate and
    /// stop bits, 8 data bits, no parity (the bytes of a 7E1 device, 7-bit ASCII, pass unchanged).
    public var onPseudoTerminal: SerialSettings {
        SerialSettings(baudRate: baudRate, dataBits: 8, parity: .none, stopBits: stopBits)
    }

    /// "9600 8N2".
    public var description: String { "\(baudRate) \(dataBits)\(parity.letter)\(stopBits.rawValue)" }

    /// Parses "9600 8N2" or "115200,8N1"; `nil` when malformed.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard parts.count == 2, let baud = Int(parts[0]), Self.standardBaudRates.contains(baud) else { return nil }
        let frame = Array(parts[1].uppercased())
        guard frame.count == 3, let bits = Int(String(frame[0])), (5...8).contains(bits),
            let stop = Int(String(frame[2])).flatMap(StopBits.init(rawValue:))
        else { return nil }
        let parity: Parity
        switch frame[1] {
        case "N": parity = .none
        case "E": parity = .even
        case "O": parity = .odd
        default: return nil
        }
        self.init(baudRate: baud, dataBits: bits, parity: parity, stopBits: stop)
    }
}
