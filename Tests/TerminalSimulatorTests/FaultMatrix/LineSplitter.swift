import Hardware

/// One message on the line as the fault relay sees it: its bytes (re-encoded as sent), a label to match steps
/// against (`0601` for an APDU, `ACK`, `ENQ`, `frame34`), and whether the peer acknowledges it (a frame).
struct LineUnit: Sendable {
    var bytes: [UInt8]
    var label: String
    var isFrame: Bool
}

/// Cuts the bytes of one direction of a line into ``LineUnit``s with the project's own parsers.
struct LineSplitter: Sendable {
    enum Kind: Sendable { case zvtBare, zvtSerial, concert }

    let kind: Kind
    private var apdus = ZVTAPDUParser()
    private var frames = ZVTSerialFrameParser()
    private var concert = ConcertLinkParser()

    init(_ kind: Kind) { self.kind = kind }

    mutating func split(_ bytes: [UInt8]) -> [LineUnit] {
        var units: [LineUnit] = []
        switch kind {
        case .zvtBare:
            apdus.append(bytes)
            while let apdu = try? apdus.nextAPDU() {
                units.append(LineUnit(bytes: (try? apdu.encoded()) ?? [], label: Self.label(apdu), isFrame: true))
            }
        case .zvtSerial:
            frames.append(bytes)
            while true {
                let next: ZVTSerialFrameParser.Unit?
                do { next = try frames.nextUnit() } catch { continue }  // a damaged frame: the relay passes no damage on
                guard let unit = next else { break }
                switch unit {
                case .ack: units.append(LineUnit(bytes: [ZVTSerialFrameSerializer.ack], label: "ACK", isFrame: false))
                case .nak: units.append(LineUnit(bytes: [ZVTSerialFrameSerializer.nak], label: "NAK", isFrame: false))
                case .frame(let apdu):
                    let payload = (try? apdu.encoded()) ?? []
                    units.append(LineUnit(bytes: ZVTSerialFrameSerializer.frame(payload: payload), label: Self.label(apdu), isFrame: true))
                }
            }
        case .concert:
            concert.append(bytes)
            while true {
                let next: ConcertLinkEvent?
                do { next = try concert.nextEvent() } catch { continue }
                guard let event = next else { break }
                switch event {
                case .frame(let payload):
                    let framed = (try? ConcertLinkSerializer.frame(payload: payload)) ?? []
                    units.append(LineUnit(bytes: framed, label: "frame\(payload.count)", isFrame: true))
                case .enquiry: units.append(LineUnit(bytes: ConcertLinkSerializer.control(.enquiry), label: "ENQ", isFrame: true))
                case .acknowledge: units.append(LineUnit(bytes: ConcertLinkSerializer.control(.acknowledge), label: "ACK", isFrame: false))
                case .negativeAcknowledge:
                    units.append(LineUnit(bytes: ConcertLinkSerializer.control(.negativeAcknowledge), label: "NAK", isFrame: false))
                case .endOfTransmission:
                    units.append(LineUnit(bytes: ConcertLinkSerializer.control(.endOfTransmission), label: "EOT", isFrame: false))
                }
            }
        }
        return units
    }

    /// What the terminal answers a rejected frame with.
    var rejection: [UInt8] {
        switch kind {
        case .zvtBare: [0x84, ZVTResultCode.protocolError.rawValue, 0x00]
        case .zvtSerial: [ZVTSerialFrameSerializer.nak]
        case .concert: ConcertLinkSerializer.control(.negativeAcknowledge)
        }
    }

    /// A damaged message: a frame with a wrong check byte, or over TCP an APDU header announcing 64 KiB.
    var garbage: [UInt8] {
        switch kind {
        case .zvtBare: [0x04, 0x0F, 0xFF, 0xFF, 0xFF]
        case .zvtSerial:
            Array(ZVTSerialFrameSerializer.frame(payload: [0x04, 0xFF, 0x01, 0x0A]).dropLast(2)) + [0x00, 0x00]
        case .concert: [0x02, 0x30, 0x31, 0x03, 0x7F]
        }
    }

    private static func label(_ apdu: ZVTAPDU) -> String {
        [apdu.class, apdu.instruction].map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}
