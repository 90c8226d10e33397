import Foundation
import FuzzSupport
import POSFoundation
import Yosemite

/// Builds a DSFinV-K export from fuzzer bytes.
enum DSFinVKFuzzExport {
    static let zones = ["Europe/Berlin", "UTC", "America/St_Johns", "Pacific/Chatham", "Asia/Kathmandu"]
    static let paymentTypes = ["Bar", "Unbar", "ECKarte", "Kreditkarte", "Keine"]
    static let base = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    static func money(_ input: inout FuzzInput, _ currency: Currency = .eur) -> Money {
        Money(minorUnits: input.signed(within: 1_000_000_000_000), currency: currency)
    }

    /// A time within about 34 years of 2026.
    static func date(_ input: inout FuzzInput) -> Date {
        base.addingTimeInterval(TimeInterval(input.signed(within: 1 << 30)))
    }

    static func text(_ input: inout FuzzInput) -> String { input.awkwardText(maxPieces: 6) }

    static func make(_ input: inout FuzzInput) -> DSFinVKExport {
        let identity = FiscalTSEIdentity(serial: text(&input), publicKey: text(&input), algorithm: text(&input),
                                         timeFormat: text(&input), clientSerial: text(&input), isSimulated: false)
        let certificate = input.bool() ? String(repeating: "QUJD", count: Int(input.byte()) * 4) : text(&input)
        var receiptNumber = 0
        var closings: [DSFinVKExport.Closing] = []
        for closingNumber in 1...(Int(input.byte() % 2) + 1) {
            var receipts: [DSFinVKExport.Receipt] = []
            for _ in 0..<Int(input.byte() % 4) {
                receiptNumber += 1
                receipts.append(receipt(&input, number: receiptNumber))
            }
            closings.append(DSFinVKExport.Closing(number: closingNumber, createdAt: date(&input),
                                                  timeZone: TimeZone(identifier: zones[Int(input.byte()) % zones.count]) ?? .gmt,
                                                  receipts: receipts))
        }
        return DSFinVKExport(
            company: .init(name: text(&input), street: text(&input), postalCode: text(&input), city: text(&input),
                           taxNumber: text(&input), vatID: text(&input)),
            location: .init(name: text(&input), street: text(&input), postalCode: text(&input), city: text(&input),
                            vatID: text(&input)),
            cashRegister: .init(id: text(&input), brand: "pos", model: text(&input), serialNumber: text(&input),
                                softwareBrand: "pos", softwareVersion: text(&input)),
            tse: .init(identity: identity, certificate: certificate),
            closings: closings)
    }

    static func receipt(_ input: inout FuzzInput, number: Int) -> DSFinVKExport.Receipt {
        let types = FiscalReceiptType.allCases
        let type = types[Int(input.byte()) % types.count]
        var lines: [DSFinVKExport.Line] = []
        for index in 0..<Int(input.byte() % 4) {
            let rates = FiscalVATRate.allCases
            let discount: DSFinVKExport.Amounts? = input.bool()
                ? DSFinVKExport.Amounts(gross: money(&input), net: money(&input), vat: money(&input)) : nil
            lines.append(DSFinVKExport.Line(
                lineNumber: String(index + 1), businessCase: input.bool() ? "Umsatz" : text(&input),
                articleNumber: text(&input), gtin: text(&input), text: text(&input),
                quantity: Decimal(input.signed(within: 1_000_000_000)) / 1000, unit: text(&input),
                unitPriceGross: money(&input), vatRate: rates[Int(input.byte()) % rates.count],
                gross: money(&input), net: money(&input), vat: money(&input), discount: discount))
        }
        var payments: [DSFinVKExport.Payment] = []
        for _ in 0..<Int(input.byte() % 3) {
            let type = paymentTypes[Int(input.byte()) % paymentTypes.count]
            let foreign: Money? = switch input.byte() % 4 {
            case 0: money(&input, .usd)
            case 1: money(&input, .jpy)
            default: nil
            }
            payments.append(DSFinVKExport.Payment(type: type, name: text(&input), amount: money(&input), foreignAmount: foreign))
        }
        var signature: FiscalSignature?
        if input.bool() {
            let start = date(&input)
            signature = FiscalSignature(
                transactionNumber: Int(input.signed(within: 1 << 40)), signatureCounter: Int(input.signed(within: 1 << 40)),
                startTime: start, endTime: start.addingTimeInterval(Double(input.byte())), algorithm: text(&input),
                timeFormat: text(&input), signature: text(&input), publicKey: text(&input), tseSerial: text(&input),
                clientSerial: text(&input), processType: "Kassenbeleg-V1", processData: text(&input),
                qrCodeData: text(&input), isSimulated: false)
        }
        let start = date(&input)
        return DSFinVKExport.Receipt(
            id: "B-\(number)" + text(&input), number: number, type: type, isCancellation: input.bool(), start: start,
            end: start.addingTimeInterval(Double(input.byte())), operatorID: text(&input), operatorName: text(&input),
            lines: lines, payments: payments, signature: signature, tseError: signature == nil ? text(&input) : "",
            note: text(&input))
    }
}
