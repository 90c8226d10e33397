import Hardware
import POSFoundation

/// The counter's side of a ZVT exchange over serial framing, without I/O: bytes from the terminal in, bytes for
/// the terminal out. It is the real stack the ZVT driver runs — ``ZVTSerialFrameParser``, ``ZVTSerialLink``
/// (DLE STX … DLE ETX CRC, DLE doubling, ACK/NAK) and ``ZVTTransactionStateMachine`` — minus the timers.
struct ZVTCounterSide {
    private var parser = ZVTSerialFrameParser()
    private var link = ZVTSerialLink()
    private var machine: ZVTTransactionStateMachine
    /// The finished exchange, once Completion arrived.
    private(set) var outcome: ZVTTransactionOutcome?
    /// Why the exchange ended without an outcome (declined, unknown, broken frame).
    private(set) var failure: String?
    /// APDUs the terminal sent (counted, to report the exchange's shape).
    private(set) var receivedAPDUs: [ZVTCommandCode] = []

    init(currency: Currency) {
        machine = ZVTTransactionStateMachine(currency: currency)
    }

    /// True once the exchange completed or failed.
    var isFinished: Bool { outcome != nil || failure != nil }

    /// Starts `command`; returns the bytes to write (its frame).
    mutating func start(_ command: ZVTCommand) throws -> [UInt8] {
        var out: [UInt8] = []
        try perform(machine.start(command), into: &out)
        return out
    }

    /// Takes bytes read from the line; returns the bytes to write in answer (ACKs and framed `80 00 00`).
    mutating func receive(_ bytes: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        parser.append(bytes)
        while true {
            let unit: ZVTSerialFrameParser.Unit
            do {
                guard let next = try parser.nextUnit() else { break }
                unit = next
            } catch {
                try perform(link: link.receiveFailed(error), into: &out)
                continue
            }
            try perform(link: link.received(unit), into: &out)
        }
        return out
    }

    private mutating func perform(link actions: [ZVTSerialLink.Action], into out: inout [UInt8]) throws {
        for action in actions {
            switch action {
            case .write(let bytes): out += bytes
            case .deliver(let apdu):
                receivedAPDUs.append(apdu.command)
                try perform(machine.received(apdu), into: &out)
            case .failed(let attempts): failure = "the link failed after \(attempts) attempts"
            case .refused(let attempts): failure = "the terminal refused the frame \(attempts) times"
            case .frameLost(let silentFor): try perform(machine.messageCutShort(silentFor: silentFor), into: &out)
            case .startAcknowledgeTimer, .cancelAcknowledgeTimer, .delivered: break
            }
        }
    }

    private mutating func perform(_ actions: [ZVTTransactionStateMachine.Action], into out: inout [UInt8]) throws {
        for action in actions {
            switch action {
            case .send(let apdu): try perform(link: link.send(apdu), into: &out)
            case .complete(let outcome): self.outcome = outcome
            case .fail(let error): failure = error.message
            case .outcomeUnknown(let unresolved): failure = "outcome unknown: \(unresolved.reason)"
            case .startTimer, .cancelTimer, .emitPrompt, .emitPrintLine: break
            }
        }
    }
}
