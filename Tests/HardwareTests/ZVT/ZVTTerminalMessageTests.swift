import Hardware
import POSFoundation
import Testing

struct ZVTTerminalMessageTests {
    @Test func init_observedStatusInformation_yieldsThePaymentResult() throws {
        // Given
        let apdu = ZVTAPDU(class: 0x04, instruction: 0x0F, data: ZVTFieldListTests.statusData)
        // When
        guard case .statusInformation(let status) = try ZVTTerminalMessage(apdu: apdu) else {
            Issue.record("not status information"); return
        }
        let result = status.paymentResult(requestedAmount: Money(minorUnits: 1250, currency: .eur))
        // Then
        #expect(result.amount == Money(minorUnits: 1250, currency: .eur))
        #expect(result.resultCode == .success)
        #expect(result.traceNumber == 470)
        #expect(result.receiptNumber == 470)
        #expect(result.terminalID == "29001234")
        #expect(result.cardName == "Debit Mastercard")
        #expect(result.maskedPAN?.description == "************0010")
    }

    @Test func statusInformation_withTLVAndDates_fillsReceiptFields() throws {
        // Given: time 14:03:07, date 11-21, approval code, AID, CVM online PIN, chip, card type 6
        let data = hex("27 00 04 00 00 00 00 05 00 0C 14 03 07 0D 11 21 3B 36 31 31 38 30 34 00 00 8A 06")
            + hex("06 17 2F 08 1F 10 01 02 1F 12 01 01 60 0B 43 07 A0 00 00 00 04 10 10 44 00")
        // When
        let status = ZVTStatusInformation(data: data)
        let result = status.paymentResult(requestedAmount: Money(minorUnits: 500, currency: .eur))
        // Then
        #expect(result.timestamp == TerminalTimestamp(month: 11, day: 21, hour: 14, minute: 3, second: 7))
        #expect(result.approvalCode == "611804")
        #expect(result.applicationID == "A0000000041010")
        #expect(result.verification == .onlinePIN)
        #expect(result.entryMode == .chip)
        #expect(result.cardType == 6)
    }

    @Test(arguments: [
        (UInt8(0x0A), CardReaderPrompt.Kind.insertCard, "Insert card."),
        (0x0B, .removeCard, "Remove card."),
        (0x01, .pinEntry, "Please watch the PIN pad."),
        (0x0E, .pleaseWait, "Please wait."),
        (0x17, .pleaseWait, "Please wait."),
        (0x15, .pinEntry, "Incorrect PIN."),
        (0x1D, .declined, "Declined."),
        (0x4A, .removeCard, "Insert card. Remove card."),
    ])
    func intermediateStatus_statusByte_mapsToPrompt(status: UInt8, kind: CardReaderPrompt.Kind, text: String) throws {
        // When
        let prompt = try ZVTIntermediateStatus(data: [status]).prompt
        // Then
        #expect(prompt.kind == kind)
        #expect(prompt.text == text)
        #expect(prompt.statusCode == status)
    }

    @Test func intermediateStatus_withTimeoutAndDisplayText_usesTheTerminalText() throws {
        // Given: status FF, timeout 05, TLV 24 { 07 "Karte", 07 "stecken" }
        let data = hex("FF 05 06 12 24 10 07 05") + ascii("Karte") + hex("07 07") + ascii("stecken")
        // When
        let status = try ZVTIntermediateStatus(data: data)
        // Then
        #expect(status.timeout == 5)
        #expect(status.prompt.text == "Karte stecken")
    }

    @Test func printLine_attributesAndCP437_areDecoded() throws {
        // Given: last line (0x80 | centred 0x40), text "Grüße" in CP437
        let apdu = ZVTAPDU(class: 0x06, instruction: 0xD1, data: [0xC0] + ascii("Gr") + [0x81, 0xE1, 0x65])
        // When
        guard case .printLine(let line) = try ZVTTerminalMessage(apdu: apdu) else { Issue.record("not a print line"); return }
        // Then
        #expect(line.text == "Grüße")
        #expect(line.printLine.isCentered)
        #expect(line.printLine.isLastLine)
    }

    @Test func printTextBlock_readsLinesAndReceiptType() throws {
        // Given: 06 { 25 { 1F07 01, 07 "KUNDENBELEG", 07 "Betrag" } }
        let inner = hex("1F 07 01 01 07 0B") + ascii("KUNDENBELEG") + hex("07 06") + ascii("Betrag")
        let data = [0x06, UInt8(inner.count + 2), 0x25, UInt8(inner.count)] + inner
        // When
        let block = try ZVTPrintTextBlock(data: data)
        // Then
        #expect(block.receiptType == .customer)
        #expect(block.lines == ["KUNDENBELEG", "Betrag"])
    }

    @Test func init_abortAndNegativeAck_carryResultCodes() throws {
        #expect(try ZVTTerminalMessage(apdu: ZVTAPDU(class: 0x06, instruction: 0x1E, data: [0x6C])) == .abort(.abortedByTimeoutOrKey))
        #expect(try ZVTTerminalMessage(apdu: .negativeAcknowledgement(0x9C)) == .negativeAcknowledgement(.pleaseWait))
        #expect(throws: ZVTProtocolError.self) { try ZVTTerminalMessage(apdu: ZVTAPDU(class: 0x06, instruction: 0x1E)) }
    }

    @Test func completion_statusEnquiryBareForm_readsVersionAndStatus() {
        let completion = ZVTCompletion(data: ascii("GER-APP 1.2.3") + [0x00])
        #expect(completion.statusEnquiryReply?.softwareVersion == "GER-APP 1.2.3")
        #expect(completion.statusEnquiryReply?.terminalStatus == 0)
    }

    @Test func completion_statusEnquirySpecForm_readsLLLVersionAndStatus() throws {
        // Given: 06 0F, version as LLL-variable F0 F1 F3 (13 bytes), terminal status 0x15, then a TLV container
        let apdu = ZVTAPDU(class: 0x06, instruction: 0x0F, data: hex("F0 F1 F3") + ascii("GER-APP 1.2.3") + hex("15 06 00"))

        // When
        guard case .completion(let completion) = try ZVTTerminalMessage(apdu: apdu) else {
            Issue.record("not a completion"); return
        }

        // Then
        #expect(completion.statusEnquiryReply?.softwareVersion == "GER-APP 1.2.3")
        #expect(completion.statusEnquiryReply?.terminalStatus == 0x15)
    }

    @Test func completion_statusEnquiryData_encodesTheSpecFormByteForByte() throws {
        // When
        let data = try #require(ZVTCompletion.statusEnquiryData(softwareVersion: "POS-SIM 1.0", terminalStatus: 0))

        // Then
        #expect(data == hex("F0 F1 F1 50 4F 53 2D 53 49 4D 20 31 2E 30 00"))
        #expect(ZVTCompletion(data: data).statusEnquiryReply?.softwareVersion == "POS-SIM 1.0")
    }

    @Test func completion_statusEnquiryLengthPastTheData_isNotReadAsLLL() {
        // "F0 F9 F9" announces 99 bytes that are not there: not the spec form, and no printable version either.
        #expect(ZVTCompletion(data: hex("F0 F9 F9 41 00")).statusEnquiryReply == nil)
    }

    @Test func completion_registrationForm_readsTerminalID() {
        #expect(ZVTCompletion(data: hex("19 00 29 29 00 12 34 49 09 78")).terminalID == "29001234")
    }
}
