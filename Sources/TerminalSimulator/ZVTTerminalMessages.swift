import Foundation
import Hardware
import POSFoundation

/// The APDUs the simulated terminal sends, built from its ledger's transactions.
enum ZVTTerminalMessages {
    static func intermediateStatus(_ status: UInt8) -> ZVTAPDU {
        ZVTAPDU(.intermediateStatus, data: [status])
    }

    static func completion(terminalID: String? = nil) -> ZVTAPDU {
        var data: [UInt8] = []
        if let terminalID, let bcd = BCD.encode(digits: terminalID) { data = [ZVTBMP.terminalID.rawValue] + bcd }
        return ZVTAPDU(.completion, data: data)
    }

    /// The Status Enquiry completion as the spec gives it: the software version as an LLL-variable
    /// (`F0 F1 F1` + "POS-SIM 1.0"), then the terminal-status byte 00 (ready).
    static func statusEnquiryCompletion() -> ZVTAPDU {
        ZVTAPDU(.completion, data: ZVTCompletion.statusEnquiryData(softwareVersion: "POS-SIM 1.0", terminalStatus: 0) ?? [])
    }

    static func abort(_ code: UInt8) -> ZVTAPDU {
        ZVTAPDU(.abort, data: [code])
    }

    /// Status Information for a booked transaction: result, amount, numbers, masked card, AID, entry mode, CVM.
    /// With `fullCardData` it sends what a non-masking terminal sends: the full PAN and the expiry date (BMP 0E).
    static func statusInformation(
        _ transaction: SimulatedTransaction, card: TestCard, terminalID: String, fullCardData: Bool = false,
        date: Date = Date()
    ) -> ZVTAPDU {
        var fields: [ZVTField] = [
            .bytes(.resultCode, [transaction.resultCode]),
            .bytes(.amount, (try? ZVTFieldCoding.amount(transaction.amount)) ?? [0, 0, 0, 0, 0, 0]),
        ]
        if let currency = ZVTFieldCoding.currencyCode(transaction.amount.currency) {
            fields.append(.bytes(.currencyCode, currency))
        }
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        let time = UInt64((parts.hour ?? 0) * 10_000 + (parts.minute ?? 0) * 100 + (parts.second ?? 0))
        let day = UInt64((parts.month ?? 1) * 100 + (parts.day ?? 1))
        fields += [
            .bytes(.traceNumber, BCD.encode(UInt64(transaction.traceNumber), byteCount: 3)!),
            .bytes(.time, BCD.encode(time, byteCount: 3)!),
            .bytes(.date, BCD.encode(day, byteCount: 2)!),
            fullCardData ? .bytes(.pan, packedDigits(card.number)) : ZVTField(.pan, .maskedPAN(card.maskedPAN)),
            .bytes(.receiptNumber, BCD.encode(UInt64(transaction.receiptNumber), byteCount: 2)!),
            .bytes(.turnoverNumber, BCD.encode(UInt64(transaction.traceNumber), byteCount: 3)!),
            .bytes(.terminalID, BCD.encode(digits: terminalID) ?? [0, 0, 0, 0]),
            .bytes(.vuNumber, padded("455600000001", to: 15, with: 0x20)),
            .bytes(.cardType, [card.zvtCardType]),
            .bytes(.cardName, Array(card.cardName.utf8) + [0]),
        ]
        if fullCardData { fields.append(.bytes(.expiryDate, packedDigits(card.expiry))) }
        if transaction.isApproved {
            fields.append(.bytes(.approvalCode, padded(transaction.approvalCode, to: 8, with: 0)))
        }
        fields.append(ZVTField(.tlvContainer, .tlv([
            .constructed(ZVTTLV.Tag.paymentType, [
                .primitive(ZVTTLV.Tag.cardholderAuthentication, [card.verification]),
                .primitive(ZVTTLV.Tag.cardTechnology, [card.technology]),
            ]),
            .constructed(ZVTTLV.Tag.application, [
                .primitive(ZVTTLV.Tag.applicationID, card.applicationID),
                .primitive(ZVTTLV.Tag.applicationPreferredName, Array(card.applicationName.utf8)),
            ]),
        ])))
        let data = (try? ZVTFieldList(fields).encoded()) ?? []
        return ZVTAPDU(.statusInformation, data: data)
    }

    /// Status Information as a terminal on a newer codec sends it: result, amount and currency, then BMP FE (a field
    /// this counter does not know, with three bytes), then the other fields. A reader stops at FE: the receipt
    /// number, trace and card are behind it.
    static func statusInformationWithUnknownField(
        _ transaction: SimulatedTransaction, card: TestCard, terminalID: String, date: Date = Date()
    ) -> ZVTAPDU {
        let full = statusInformation(transaction, card: card, terminalID: terminalID, date: date)
        let fields = (try? ZVTFieldList.parse(full.data).fields) ?? []
        let head = fields.prefix { [.resultCode, .amount, .currencyCode].contains($0.bmp) }
        let tail = fields.dropFirst(head.count)
        let unknown: [UInt8] = [0xFE, 0x03, 0x01, 0x02, 0x03]
        let data = ((try? ZVTFieldList(Array(head)).encoded()) ?? []) + unknown + ((try? ZVTFieldList(Array(tail)).encoded()) ?? [])
        return ZVTAPDU(.statusInformation, data: data)
    }

    /// The slip the terminal prints for a transaction, as 06 D1 lines (the last one flagged), in the terminal's
    /// language (a terminal sold in Germany prints German). With `fullCardData` the slip carries the full PAN and
    /// the expiry date, as some real terminals print them.
    static func slip(
        _ transaction: SimulatedTransaction, card: TestCard, terminalID: String, fullCardData: Bool = false,
        language: TerminalLanguage = .english
    ) -> [ZVTAPDU] {
        let words = language.words
        let title: String
        switch transaction.kind {
        case .payment: title = words.payment
        case .refund: title = words.refund
        case .reversal: title = words.reversal
        }
        var lines = [
            "POS TERMINAL SIMULATOR",
            title,
            "TID \(terminalID)   \(words.trace) \(transaction.traceNumber)",
            "\(words.receipt) \(transaction.receiptNumber)",
            "\(card.cardName)",
            "\(words.card) \(card.maskedPAN)",
            "\(words.amount) \(language.amount(transaction.amount))",
        ]
        if fullCardData {
            lines[5] = "\(words.card) \(card.number)"
            lines.insert(contentsOf: ["PAN \(grouped(card.number))", "EXP \(card.printedExpiry)", "Gueltig bis \(card.expiry)"],
                         at: 6)
        }
        lines.append(transaction.isApproved ? "\(words.approval) \(transaction.approvalCode)" : words.declined)
        lines.append(transaction.isApproved ? words.approved : words.notApproved)
        return lines.enumerated().map { index, text in
            let attribute: UInt8 = index == lines.count - 1 ? 0xC0 : 0x00
            return ZVTAPDU(.printLine, data: [attribute] + Array(text.utf8))
        }
    }

    /// End-of-day report lines, in the terminal's language.
    static func endOfDaySlip(total: Money, count: Int, terminalID: String, language: TerminalLanguage = .english) -> [ZVTAPDU] {
        let words = language.words
        let lines = [words.endOfDay, "TID \(terminalID)", "\(words.transactions) \(count)", "\(words.total) \(language.amount(total))"]
        return lines.enumerated().map { index, text in
            ZVTAPDU(.printLine, data: [index == lines.count - 1 ? 0xC0 : 0x00] + Array(text.utf8))
        }
    }

    /// Digits as packed BCD, `F`-padded to a whole byte (BMP 22's full form).
    static func packedDigits(_ digits: String) -> [UInt8] {
        var nibbles = digits.unicodeScalars.map { UInt8($0.value - 0x30) }
        if !nibbles.count.isMultiple(of: 2) { nibbles.append(0x0F) }
        return stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
    }

    /// A number in groups of four, as slips print it.
    private static func grouped(_ digits: String) -> String {
        stride(from: 0, to: digits.count, by: 4).map { start in
            let from = digits.index(digits.startIndex, offsetBy: start)
            return String(digits[from...].prefix(4))
        }.joined(separator: " ")
    }

    private static func padded(_ text: String, to width: Int, with filler: UInt8) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(width))
        return bytes + [UInt8](repeating: filler, count: width - bytes.count)
    }
}
