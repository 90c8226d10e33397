import FuzzSupport
import Hardware
import POSFoundation

/// The ZVT parsers driven by hostile bytes, with their round-trip invariants.
enum ZVTFuzzStreams {
    /// A serial line fed in chunks: every frame re-framed and re-parsed gives the same APDU.
    static func serial(_ bytes: [UInt8], seed: UInt8, onAPDU: (ZVTAPDU) -> Void) {
        var parser = ZVTSerialFrameParser()
        var link = ZVTSerialLink()
        for chunk in fuzzChunks(bytes, seed: seed) {
            parser.append(chunk)
            while true {
                do {
                    guard let unit = try parser.nextUnit() else { break }
                    _ = link.received(unit)
                    if case .frame(let apdu) = unit {
                        checkFrameRoundTrip(apdu)
                        onAPDU(apdu)
                    }
                } catch {
                    _ = link.receiveFailed(error)
                }
            }
            if seed & 0x80 != 0 { parser.interByteTimeoutElapsed() }
        }
    }

    /// A TCP stream: APDUs back to back; a too-long one ends the stream, as the driver drops the connection.
    static func tcp(_ bytes: [UInt8], seed: UInt8, onAPDU: (ZVTAPDU) -> Void) {
        var parser = ZVTAPDUParser()
        for chunk in fuzzChunks(bytes, seed: seed) {
            parser.append(chunk)
            do {
                while let apdu = try parser.nextAPDU() {
                    checkAPDURoundTrip(apdu)
                    onAPDU(apdu)
                }
            } catch {
                return
            }
        }
    }

    /// A TLV list: what parses re-encodes to bytes that parse to the same list.
    static func tlv(_ bytes: [UInt8]) {
        guard let list = try? ZVTTLV.parseList(bytes) else { return }
        let again = try? ZVTTLV.parseList(ZVTTLV.encodeList(list))
        fuzzCheck(again == list, "TLV list does not round-trip")
    }

    /// A BMP field list: a masked PAN keeps at most four clear digits.
    static func fields(_ bytes: [UInt8]) {
        guard let list = try? ZVTFieldList.parse(bytes) else { return }
        for field in list.fields {
            if case .maskedPAN(let pan) = field.value { checkMaskedPAN(pan) }
        }
        if list.unknownBMP == nil, let encoded = try? list.encoded() {
            let again = try? ZVTFieldList.parse(encoded)
            // Discarded fields (expiry date, an unreadable PAN) are dropped by design and not encoded again.
            let kept = list.fields.filter { $0.value != .discarded }
            fuzzCheck(again?.fields == kept, "BMP field list does not round-trip")
        }
    }

    static func checkFrameRoundTrip(_ apdu: ZVTAPDU) {
        guard let framed = try? ZVTSerialFrameSerializer.frame(apdu) else {
            fuzzCheck(false, "a received APDU cannot be framed again")
            return
        }
        var parser = ZVTSerialFrameParser()
        parser.append(framed)
        let unit = try? parser.nextUnit()
        fuzzCheck(unit == .frame(apdu), "serial frame does not round-trip")
        checkAPDURoundTrip(apdu)
    }

    static func checkAPDURoundTrip(_ apdu: ZVTAPDU) {
        guard let encoded = try? apdu.encoded() else {
            fuzzCheck(false, "a received APDU cannot be encoded again")
            return
        }
        fuzzCheck((try? ZVTAPDU.decode(encoded)) == apdu, "APDU does not round-trip")
        var parser = ZVTAPDUParser()
        parser.append(encoded)
        fuzzCheck((try? parser.nextAPDU()) == apdu, "APDU stream parse differs from decode")
    }

    static func checkMaskedPAN(_ pan: MaskedPAN) {
        let clear = pan.description.filter { $0.isNumber }
        fuzzCheck(clear.count <= 4, "masked PAN shows more than four digits")
        fuzzCheck(pan.lastFour.count <= 4, "masked PAN keeps more than four characters")
        fuzzCheck(pan.description.count == pan.length, "masked PAN length differs from its text")
    }
}
