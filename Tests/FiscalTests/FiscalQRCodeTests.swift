import Foundation
import POSFoundation
import Testing
import TSESimulator
import Yosemite

@Suite("QR code data")
struct FiscalQRCodeTests {
    static func eur(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .eur) }

    @Test("processData has the shape of the DSFinV-K annex's example")
    func processDataShape() {
        let data = FiscalReceiptData(
            type: .beleg, amountsPerVATRate: [.normal: Self.eur(7533), .reduced: Self.eur(799)],
            payments: [
                FiscalPayment(kind: .cash, amount: Self.eur(1000)),
                FiscalPayment(kind: .cash, amount: Money(minorUnits: 500, currency: Currency(code: "USD"))),
                FiscalPayment(kind: .nonCash, amount: Self.eur(6430)),
            ])
        #expect(data.processData() == "Beleg^75.33_7.99_0.00_0.00_0.00^10.00:Bar_5.00:Bar:USD_64.30:Unbar")
    }

    @Test("the QR line has the twelve fields in the annex's order")
    func qrLine() {
        let qr = FiscalQRCode(
            registerSerial: "POS-TILL-1", processData: "Beleg^11.90_0.00_0.00_0.00_0.00^11.90:Bar",
            transactionNumber: 42, signatureCounter: 108, startTime: Date(timeIntervalSince1970: 1_562_784_064),
            logTime: Date(timeIntervalSince1970: 1_562_784_070), algorithm: "ecdsa-plain-SHA384",
            timeFormat: "unixTime", signature: "c2lnbmF0dXJl", publicKey: "cHVibGljS2V5")
        #expect(qr.text == "V0;POS-TILL-1;Kassenbeleg-V1;Beleg^11.90_0.00_0.00_0.00_0.00^11.90:Bar;42;108;"
            + "2019-07-10T18:41:04.000Z;2019-07-10T18:41:10.000Z;ecdsa-plain-SHA384;unixTime;c2lnbmF0dXJl;cHVibGljS2V5")
        #expect(qr.text.split(separator: ";", omittingEmptySubsequences: false).count == 12)
    }

    @Test("a signed sale's QR code repeats its signature fields")
    func signedQR() async throws {
        let signer = SimulatedFiscalSignerFactory.make()
        let open = try await signer.start(FiscalStartRequest(saleID: "q"))
        let signature = try await signer.finish(open, receipt: FiscalReceiptData(
            type: .beleg, amountsPerVATRate: [.normal: Self.eur(500)], payments: [FiscalPayment(kind: .cash, amount: Self.eur(500))]))
        let fields = signature.qrCodeData.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 12)
        #expect(fields[0] == "V0" && fields[1] == "POS-TILL-1" && fields[2] == "Kassenbeleg-V1")
        #expect(fields[3] == "Beleg^5.00_0.00_0.00_0.00_0.00^5.00:Bar")
        #expect(fields[4] == String(signature.transactionNumber) && fields[5] == String(signature.signatureCounter))
        #expect(fields[10] == signature.signature && fields[11] == signature.publicKey)
    }
}
