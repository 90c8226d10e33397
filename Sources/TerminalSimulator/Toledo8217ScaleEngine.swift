import POSFoundation
import Hardware
import Synchronization

/// A simulated Mettler Toledo scale in 8217 mode on a serial line, answering byte for byte as the protocol
/// documents it (see ``Toledo8217Answer``):
///
/// ```
/// W → STX "01.234" CR          stable, kilograms with 3 decimals (STX "00.500" "N" CR when net)
/// W → STX "?" 0x41 CR          in motion (0x42 over capacity, 0x44 under zero, 0x48 zero error)
/// Z → STX "?" 0x50 CR          zeroed: centre of zero;  T, C → STX "?" 0x40 CR
/// ```
///
/// Each `W` takes the next ``ScaleScript`` step; other bytes are ignored. Weights above 99.999 kg are answered
/// as over capacity, as a 6-digit display would.
public final class Toledo8217ScaleEngine: Sendable {
    public let script: ScaleScript
    private let requests = Mutex(0)
    private let announce: @Sendable (String) -> Void

    /// - Parameter announce: Called with a line for each request answered ("W → stable 01.234"), for logs.
    public init(script: ScaleScript = ScaleScript(), announce: @escaping @Sendable (String) -> Void = { _ in }) {
        self.script = script
        self.announce = announce
    }

    /// How many weight requests were answered (or ignored, for `silent`).
    public var weightRequests: Int { requests.locked { $0 } }

    /// Serves the line until the register closes it or the task is cancelled.
    public func serve(_ transport: any ByteTransport) async {
        do {
            while !Task.isCancelled {
                let bytes = try await transport.read(maxLength: 64, timeout: .milliseconds(200))
                for byte in bytes {
                    let answer = self.answer(to: byte & 0x7F)
                    if !answer.isEmpty { try await transport.write(answer) }
                }
            }
        } catch {
            // The register went away.
        }
        await transport.close()
    }

    /// The bytes answering one command byte (empty for none).
    public func answer(to command: UInt8) -> [UInt8] {
        switch Toledo8217Command(rawValue: command) {
        case .weigh:
            let index = requests.locked { count in
                defer { count += 1 }
                return count
            }
            let step = script.step(at: index)
            announce("W → \(step)")
            return Self.bytes(for: step)
        case .zero:
            return Self.status(.centerOfZero)
        case .tare, .clearTare:
            return Self.status([])
        case nil:
            return []
        }
    }

    /// The scale's answer for a step.
    public static func bytes(for step: ScaleScript.Step) -> [UInt8] {
        switch step {
        case .stable(let grams): weight(grams, net: false)
        case .net(let grams): weight(grams, net: true)
        case .zero: weight(0, net: false)
        case .moving: status(.motion)
        case .underZero: status(.underZero)
        case .overCapacity: status(.overCapacity)
        case .zeroError: status(.outsideZeroCaptureRange)
        case .pounds(let hundredths): frame(Array(digits(hundredths / 100, width: 3).utf8) + [0x2E] + Array(digits(hundredths % 100, width: 2).utf8))
        case .silent: []
        case .garbage: frame(Array("1X.2Y3".utf8))
        }
    }

    static func weight(_ grams: Int, net: Bool) -> [UInt8] {
        guard grams <= 99_999 else { return status(.overCapacity) }
        let text = digits(grams / 1000, width: 2) + "." + digits(grams % 1000, width: 3) + (net ? "N" : "")
        return frame(Array(text.utf8))
    }

    static func status(_ status: Toledo8217Status) -> [UInt8] {
        frame([0x3F, status.byte])
    }

    static func frame(_ body: [UInt8]) -> [UInt8] {
        [0x02] + body + [0x0D]
    }

    static func digits(_ value: Int, width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
