import Foundation
import POSFoundation
import Testing
import TSESimulator
import Yosemite

@Suite("TSE simulator")
struct SimulatedTSETests {
    let tse = SimulatedTSE(now: { Date(timeIntervalSince1970: 1_795_000_000.4) })

    var signer: SimulatedFiscalSigner { SimulatedFiscalSigner(tse: tse, clientSerial: "POS-TILL-1") }

    static func eur(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .eur) }

    static let cardSale = FiscalReceiptData(
        type: .beleg, amountsPerVATRate: [.normal: eur(1190), .reduced: eur(214)],
        payments: [FiscalPayment(kind: .nonCash, amount: eur(1404))])

    /// Rebuilds the FinishTransaction log message from what the receipt carries and checks its signature against the
    /// public key the signature names (libcrypto's ECDSA; `LibCryptoCrossCheckTests` holds that to the `openssl` CLI).
    static func verifyFinish(_ signature: FiscalSignature) throws -> Bool {
        let publicKey = try #require(Data(base64Encoded: signature.publicKey))
        let message = TSELogMessage(
            operation: .finish, clientID: signature.clientSerial, processData: Data(signature.processData.utf8),
            processType: signature.processType, transactionNumber: signature.transactionNumber,
            serialNumber: SHA256Digest.hash(publicKey), signatureCounter: signature.signatureCounter,
            logTime: Int(signature.endTime.timeIntervalSince1970))
        let value = try #require(Data(base64Encoded: signature.signature))
        return P384SigningKey.isValid(signature: value, for: message.dataToBeSigned, publicKey: publicKey)
    }

    @Test("a sale is signed; the signature verifies with the public key; counters go up")
    func signsASale() async throws {
        #expect(tse.transactionCounter == 0 && tse.signatureCounter == 0)
        let open = try await signer.start(FiscalStartRequest(saleID: "sale-1", mode: .demo))
        #expect(open.number == 1 && open.signatureCounter == 1)
        let signature = try await signer.finish(open, receipt: Self.cardSale)
        #expect(signature.transactionNumber == 1)
        #expect(signature.signatureCounter == 2)
        #expect(signature.algorithm == "ecdsa-plain-SHA384" && signature.timeFormat == "unixTime")
        #expect(signature.processType == "Kassenbeleg-V1")
        #expect(signature.processData == "Beleg^11.90_2.14_0.00_0.00_0.00^14.04:Unbar")
        #expect(signature.isSimulated)
        #expect(try Self.verifyFinish(signature))

        // A changed amount no longer verifies.
        var forged = signature
        forged.processData = "Beleg^1.90_2.14_0.00_0.00_0.00^4.04:Unbar"
        #expect(try !Self.verifyFinish(forged))

        let second = try await signer.start(FiscalStartRequest(saleID: "sale-2"))
        let secondSignature = try await signer.finish(second, receipt: Self.cardSale)
        #expect(secondSignature.transactionNumber == 2 && secondSignature.signatureCounter == 4)
        #expect(tse.transactionCounter == 2 && tse.signatureCounter == 4)
        #expect(try Self.verifyFinish(secondSignature))
    }

    @Test("the serial number is the SHA-256 of the public key (uncompressed P-384 point)")
    func serialIsHashOfPublicKey() async throws {
        let publicKey = tse.publicKey
        #expect(publicKey.count == 97 && publicKey.first == 0x04)
        let expected = SHA256Digest.hash(publicKey).map { String(format: "%02x", $0) }.joined()
        #expect(tse.serialNumberHex == expected)
        let identity = try await signer.identity()
        #expect(identity.serial == expected)
        #expect(identity.publicKey == publicKey.base64EncodedString())
        let signature = try await signer.finish(try await signer.start(FiscalStartRequest(saleID: "s")), receipt: Self.cardSale)
        #expect(signature.tseSerial == expected)
    }

    @Test("update, abandon and training are signed with their Vorgangstyp")
    func updateCancelTraining() async throws {
        let open = try await signer.start(FiscalStartRequest(saleID: "a"))
        let updated = try await signer.update(open, receipt: Self.cardSale)
        #expect(updated.revision == 2 && updated.signatureCounter == 2)
        let abandoned = try await signer.cancel(updated, kind: .abandoned)
        #expect(abandoned.processData == "AVBelegabbruch^0.00_0.00_0.00_0.00_0.00^")
        #expect(abandoned.signatureCounter == 3)
        #expect(try Self.verifyFinish(abandoned))

        let training = try await signer.start(FiscalStartRequest(saleID: "t", mode: .training))
        let signed = try await signer.finish(training, receipt: Self.cardSale)
        #expect(signed.processData.hasPrefix("AVTraining^"))
        #expect(try Self.verifyFinish(signed))

        // A finished transaction cannot be signed again.
        await #expect(throws: FiscalError.self) { try await signer.finish(training, receipt: Self.cardSale) }
    }

    @Test("a TSE that is down throws an outage and signs nothing")
    func outage() async throws {
        let open = try await signer.start(FiscalStartRequest(saleID: "o"))
        tse.isDown = true
        do {
            _ = try await signer.finish(open, receipt: Self.cardSale)
            Issue.record("finish should fail while the TSE is down")
        } catch {
            #expect(error.outage != nil)
            #expect(error.message.contains("TSE failed"))
        }
        await #expect(throws: FiscalError.self) { try await signer.start(FiscalStartRequest(saleID: "p")) }
        #expect(tse.signatureCounter == 1 && tse.transactionCounter == 1)
        tse.isDown = false
        let signature = try await signer.finish(open, receipt: Self.cardSale)
        #expect(signature.signatureCounter == 2)
    }

    @Test("the log message is DER with the TR-03151 OIDs and verifies through the simulator")
    func logMessageEncoding() throws {
        let log = try tse.startTransaction(clientID: "POS-TILL-1")
        let encoded = Array(log.message.encoded)
        #expect(encoded.first == 0x30)
        let transactionLogOID: [UInt8] = [0x06, 0x09, 0x04, 0x00, 0x7F, 0x00, 0x07, 0x03, 0x07, 0x01, 0x01]
        let ecdsaSHA384OID: [UInt8] = [0x06, 0x0A, 0x04, 0x00, 0x7F, 0x00, 0x07, 0x01, 0x01, 0x04, 0x01, 0x04]
        #expect(encoded.firstRange(of: transactionLogOID) != nil)
        #expect(encoded.firstRange(of: ecdsaSHA384OID) != nil)
        #expect(log.signature.count == 96)
        #expect(tse.verify(log))
        #expect(log.logTime == Date(timeIntervalSince1970: 1_795_000_000))
    }
}
