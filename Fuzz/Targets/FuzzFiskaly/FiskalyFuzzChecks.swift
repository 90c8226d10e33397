import Foundation
import FuzzSupport
import Networking
import POSFoundation
import Yosemite

/// A network that gives the script's answers in order (then `offline`).
final class ScriptedNetwork: Network, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Result<Data, NetworkError>]

    init(_ answers: [Result<Data, NetworkError>]) {
        self.answers = answers
    }

    func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        let next = lock.withLock { answers.isEmpty ? nil : answers.removeFirst() }
        switch next {
        case .success(let data): return NetworkResponse(data: data)
        case .failure(let error): throw error
        case nil: throw .offline
        }
    }
}

/// Runs one signer call against the script and checks what it made of the answers.
enum FiskalyFuzzChecks {
    static let configuration = FiskalySigner.Configuration(tssID: "tss-1", clientID: "client-1", clientSerial: "SERIAL-1")
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func run(call: UInt8, script: FiskalyScript) async {
        let remote = FiskalyRemote(network: ScriptedNetwork(script.answers),
                                   credentials: FiskalyCredentials(baseURL: "https://kassensichv.io/api/v2", apiKey: "k", apiSecret: "s"),
                                   now: { now })
        let signer = FiskalySigner(remote: remote, configuration: configuration, now: { now })
        let sent = script.transaction.flatMap { try? JSONDecoder().decode(FiskalyTransaction.self, from: $0.json) }
        let receipt = FiscalReceiptData(type: .beleg, amountsPerVATRate: [.normal: Money(minorUnits: 1_190, currency: .eur)],
                                        payments: [FiscalPayment(kind: .cash, amount: Money(minorUnits: 1_190, currency: .eur))])
        let open = FiscalTransaction(id: "6f1c1e0a-0000-4000-8000-000000000001", number: 1, revision: 1,
                                     startTime: now, signatureCounter: 1, mode: .live, clientID: "client-1", clientSerial: nil)
        do {
            switch call {
            case 0:
                let started = try await signer.start(FiscalStartRequest(saleID: open.id))
                guard let sent else { return }
                fuzzCheck(started.id == sent.id && started.number == sent.number && started.revision == sent.revision
                          && started.signatureCounter == sent.signature.counter, "a started transaction differs from the answer")
            case 1:
                check(try await signer.finish(open, receipt: receipt), sent: sent)
            case 2:
                check(try await signer.cancel(open, kind: .abandoned), sent: sent)
            default:
                let identity = try await signer.identity()
                let tss = script.tss.flatMap { try? JSONDecoder().decode(FiskalyTSS.self, from: $0.json) }
                if let tss {
                    fuzzCheck(tss.state == "INITIALIZED" && identity.serial == tss.serialNumber && identity.publicKey == tss.publicKey,
                              "an identity differs from the TSS answer")
                }
            }
        } catch {
            switch error {
            case .outage, .unauthorized, .rejected: break
            case .notConfigured: fuzzCheck(false, "a fiskaly answer maps to notConfigured")
            default: break
            }
        }
    }

    static func check(_ signature: FiscalSignature, sent: FiskalyTransaction?) {
        fuzzCheck(!signature.isSimulated, "a fiskaly signature is marked simulated")
        guard let sent else { return }
        fuzzCheck(signature.transactionNumber == sent.number && signature.signatureCounter == sent.signature.counter
                  && signature.signature == sent.signature.value && signature.publicKey == sent.signature.publicKey
                  && signature.tseSerial == sent.tssSerialNumber && signature.algorithm == sent.signature.algorithm,
                  "a signature differs from the answer")
        if let qr = sent.qrCodeData {
            fuzzCheck(signature.qrCodeData == qr, "the answer's QR code was not kept")
        } else {
            // By scalars: a client serial starting with a combining mark glues onto the `;` as one Character.
            fuzzCheck(signature.qrCodeData.unicodeScalars.starts(with: "V0;".unicodeScalars),
                      "a QR code built from the answer does not start with V0;")
        }
        fuzzCheck(signature.clientSerial == (sent.clientSerialNumber ?? configuration.clientSerial), "the client serial")
    }
}
