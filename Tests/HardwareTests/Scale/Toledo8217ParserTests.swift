import Hardware
import Testing

/// 8217 answers cut from the line byte for byte.
@Suite struct Toledo8217ParserTests {
    private func answers(_ bytes: [UInt8]) throws -> [Toledo8217Answer] {
        var parser = Toledo8217Parser()
        parser.append(bytes)
        var result: [Toledo8217Answer] = []
        while let answer = try parser.nextAnswer() { result.append(answer) }
        return result
    }

    @Test func stableKilograms_isWeightInGrams() throws {
        // STX "01.234" CR
        let parsed = try answers([0x02, 0x30, 0x31, 0x2E, 0x32, 0x33, 0x34, 0x0D])
        #expect(parsed == [.weight(Toledo8217Weight(text: "01.234", value: 1234, decimals: 3, isNet: false))])
        guard case .weight(let weight) = parsed.first else { return }
        #expect(weight.grams == 1234)
    }

    @Test func netWeight_withLeadingSpaces_isNet() throws {
        let parsed = try answers(Array("\u{02}  0.500N\r".utf8))
        #expect(parsed == [.weight(Toledo8217Weight(text: "0.500", value: 500, decimals: 3, isNet: true))])
    }

    @Test func pounds_haveTwoDecimalsAndNoGrams() throws {
        let parsed = try answers(Array("\u{02}002.71\r".utf8))
        guard case .weight(let weight) = parsed.first else { Issue.record("expected a weight"); return }
        #expect(weight.decimals == 2)
        #expect(weight.grams == nil)
    }

    static let statusCases: [(UInt8, Toledo8217Status)] = [
        (0x41, .motion), (0x42, .overCapacity), (0x44, .underZero), (0x48, .outsideZeroCaptureRange),
        (0x50, .centerOfZero), (0x61, [.motion, .net]),
        (0xC1, .motion),  // the even parity bit left in by a UART set to 8 bits
    ]

    @Test(arguments: statusCases)
    func statusByte_decodesBits(byte: UInt8, expected: Toledo8217Status) throws {
        #expect(try answers([0x02, 0x3F, byte, 0x0D]) == [.status(expected)])
    }

    @Test func splitAcrossReads_andNoiseBeforeSTX_isOneAnswer() throws {
        var parser = Toledo8217Parser()
        parser.append([0xFF, 0x00, 0x02, 0x30])
        #expect(try parser.nextAnswer() == nil)
        parser.append([0x30, 0x2E, 0x31, 0x30, 0x30])
        #expect(try parser.nextAnswer() == nil)
        parser.append([0x0D, 0x02, 0x3F, 0x41, 0x0D])
        #expect(try parser.nextAnswer() == .weight(Toledo8217Weight(text: "00.100", value: 100, decimals: 3, isNet: false)))
        #expect(try parser.nextAnswer() == .status(.motion))
        #expect(try parser.nextAnswer() == nil)
    }

    @Test(arguments: ["\u{02}1X.2Y3\r", "\u{02}1.2.3\r", "\u{02}\r", "\u{02}?\r", "\u{02}?AB\r", "\u{02}.\r", "\u{02}N\r"])
    func malformedBody_throwsMalformed(text: String) {
        #expect { try answers(Array(text.utf8)) } throws: { error in
            if case .malformed = error as? Toledo8217Parser.ParseError { return true }
            return false
        }
    }

    @Test func noCRWithinLimit_throwsFrameTooLong_thenResyncs() throws {
        var parser = Toledo8217Parser()
        parser.append([0x02] + Array(repeating: 0x30, count: 20))
        #expect(throws: Toledo8217Parser.ParseError.frameTooLong) { try parser.nextAnswer() }
        parser.append(Array("\u{02}00.250\r".utf8))
        #expect(try parser.nextAnswer() == .weight(Toledo8217Weight(text: "00.250", value: 250, decimals: 3, isNet: false)))
    }
}
