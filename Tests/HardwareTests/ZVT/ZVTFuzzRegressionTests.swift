import Hardware
import POSFoundation
import Testing

/// Inputs found by `scripts/fuzz.sh FuzzZVT` that broke an invariant, kept as regression tests.
struct ZVTFuzzRegressionTests {
    /// A terminal's print text block (06 D3) with control bytes in a text line: they reached the console and the
    /// printer as they were (an `ESC` sequence from a hostile terminal would act there).
    @Test func printTextBlock_controlBytesInLine_becomeSpaces() throws {
        // Given: 06 D3 with TLV 06 { 25 { 07 "A" 05 80 1B "[" 7F } }
        let apdu = ZVTAPDU(class: 0x06, instruction: 0xD3, data: hex("06 0A 25 08 07 06 41 05 80 1B 5B 7F"))
        // When
        guard case .printTextBlock(let block) = try ZVTTerminalMessage(apdu: apdu) else {
            Issue.record("not a print text block"); return
        }
        // Then
        #expect(block.lines == ["A Ç [ "])
    }

    @Test func printLine_escapeSequence_becomesSpaces() throws {
        // Given: 06 D1, attribute 00, text "OK" ESC "[2J" CR LF
        let apdu = ZVTAPDU(class: 0x06, instruction: 0xD1, data: hex("00 4F 4B 1B 5B 32 4A 0D 0A"))
        // When
        guard case .printLine(let line) = try ZVTTerminalMessage(apdu: apdu) else {
            Issue.record("not a print line"); return
        }
        // Then
        #expect(line.text == "OK [2J  ")
    }

    /// Status Information whose card name (BMP 8B) carried an `ESC`: the payment result kept it.
    @Test func statusInformation_controlBytesInCardName_becomeSpaces() throws {
        // Given: result 00, card name LLVAR "VISA" ESC "c"
        let data = hex("27 00 8B F0 F6 56 49 53 41 1B 63")
        // When
        let status = ZVTStatusInformation(data: data)
        let result = status.paymentResult(requestedAmount: Money(minorUnits: 100, currency: .eur))
        // Then
        #expect(result.cardName == "VISA c")
    }
}

/// The same class of bug in ``MaskedPAN``: a digit with a combining mark passed the digit check, and encoding
/// it as BCD then trapped.
struct MaskedPANFuzzRegressionTests {
    @Test func init_lastFourWithCombiningMark_isNil() {
        // Given / When / Then
        #expect(MaskedPAN(lastFour: "001\u{301}0", length: 16) == nil)
        #expect(MaskedPAN(digits: "4970000000000\u{35F}010") == nil)
    }
}
