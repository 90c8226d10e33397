import Foundation
import POSFoundation
import Yosemite

/// The demo store's ``FiscalSigner``: the in-process ``SimulatedTSE``, with the register's serial as client id.
///
/// Its signatures are real (ECDSA P-384, checkable with ``SimulatedTSE/publicKey``) and marked
/// ``FiscalSignature/isSimulated``, so demo receipts say they were not signed by a certified TSE.
public struct SimulatedFiscalSigner: FiscalSigner {
    /// The processType of a sale.
    public static let processType = "Kassenbeleg-V1"

    public let tse: SimulatedTSE
    /// The register's serial number (the TSE client id).
    public let clientSerial: String
    private let baseCurrency: Currency
    private let now: @Sendable () -> Date

    public init(tse: SimulatedTSE, clientSerial: String, baseCurrency: Currency = .eur,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.tse = tse
        self.clientSerial = clientSerial
        self.baseCurrency = baseCurrency
        self.now = now
    }

    public func start(_ request: FiscalStartRequest) async throws(FiscalError) -> FiscalTransaction {
        try startNow(request)
    }

    /// ``start(_:)`` without suspending (``PersistentFiscalSigner`` signs under a file lock).
    func startNow(_ request: FiscalStartRequest) throws(FiscalError) -> FiscalTransaction {
        // A sale starts under the client it was opened under (a start repeated after a crash), else this register's.
        let client = request.clientID ?? clientSerial
        let log = try run { () throws(SimulatedTSE.Failure) in try tse.startTransaction(clientID: client) }
        return FiscalTransaction(id: request.saleID, number: log.transactionNumber, revision: 1, startTime: log.logTime,
                                 signatureCounter: log.signatureCounter, mode: request.mode, clientID: client,
                                 clientSerial: client)
    }

    public func update(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError)
        -> FiscalTransaction {
        try updateNow(transaction, receipt: receipt)
    }

    func updateNow(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) throws(FiscalError) -> FiscalTransaction {
        let data = Data(signedReceipt(receipt, mode: transaction.mode).processData(baseCurrency: baseCurrency).utf8)
        let log = try run { () throws(SimulatedTSE.Failure) in
            try tse.updateTransaction(number: transaction.number, clientID: client(of: transaction),
                                      processType: Self.processType, processData: data)
        }
        var updated = transaction
        updated.revision += 1
        updated.signatureCounter = log.signatureCounter
        return updated
    }

    public func finish(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError)
        -> FiscalSignature {
        try finish(transaction, data: signedReceipt(receipt, mode: transaction.mode))
    }

    public func cancel(_ transaction: FiscalTransaction, kind: FiscalReceiptType) async throws(FiscalError)
        -> FiscalSignature {
        try finish(transaction, data: .cancelled(kind))
    }

    public func identity() async throws(FiscalError) -> FiscalTSEIdentity {
        try identityNow()
    }

    func identityNow() throws(FiscalError) -> FiscalTSEIdentity {
        if tse.isDown { throw .outage(outage()) }
        let clients = tse.clients.map { FiscalTSEClient(id: $0.id, serial: $0.id, state: "REGISTERED", registeredAt: $0.registeredAt) }
        return FiscalTSEIdentity(serial: tse.serialNumberHex, publicKey: tse.publicKeyBase64,
                                 algorithm: SimulatedTSE.algorithm, timeFormat: SimulatedTSE.timeFormat,
                                 clientSerial: clientSerial, isSimulated: true,
                                 client: clients.first { $0.id == clientSerial }, clients: clients)
    }

    /// Registers this register as a client of the simulated TSE (idempotent).
    func registerClientNow() throws(FiscalError) -> FiscalTSEClient {
        let client = try run { () throws(SimulatedTSE.Failure) in try tse.registerClient(clientSerial) }
        return FiscalTSEClient(id: client.id, serial: client.id, state: "REGISTERED", registeredAt: client.registeredAt)
    }

    // MARK: - Private

    func finish(_ transaction: FiscalTransaction, data receipt: FiscalReceiptData) throws(FiscalError)
        -> FiscalSignature {
        let processData = receipt.processData(baseCurrency: baseCurrency)
        // The transaction ends through the client it was started by (a sale keeps its register and TSE client).
        let clientSerial = client(of: transaction)
        let log = try run { () throws(SimulatedTSE.Failure) in
            try tse.finishTransaction(number: transaction.number, clientID: clientSerial,
                                      processType: Self.processType, processData: Data(processData.utf8))
        }
        let start = tse.startTime(ofTransaction: transaction.number) ?? transaction.startTime
        let signature = log.signature.base64EncodedString()
        let qr = FiscalQRCode(registerSerial: clientSerial, processType: Self.processType, processData: processData,
                              transactionNumber: log.transactionNumber, signatureCounter: log.signatureCounter,
                              startTime: start, logTime: log.logTime, algorithm: SimulatedTSE.algorithm,
                              timeFormat: SimulatedTSE.timeFormat, signature: signature,
                              publicKey: tse.publicKeyBase64)
        return FiscalSignature(transactionNumber: log.transactionNumber, signatureCounter: log.signatureCounter,
                               startTime: start, endTime: log.logTime, algorithm: SimulatedTSE.algorithm,
                               timeFormat: SimulatedTSE.timeFormat, signature: signature,
                               publicKey: tse.publicKeyBase64, tseSerial: tse.serialNumberHex,
                               clientSerial: clientSerial, processType: Self.processType, processData: processData,
                               qrCodeData: qr.text, isSimulated: true)
    }

    /// The client a transaction was started by (this signer's for one journaled before it was recorded).
    func client(of transaction: FiscalTransaction) -> String {
        transaction.clientID ?? clientSerial
    }

    /// Training sales are signed as `AVTraining` whatever the checkout passed.
    func signedReceipt(_ receipt: FiscalReceiptData, mode: FiscalMode) -> FiscalReceiptData {
        guard mode == .training, receipt.type == .beleg else { return receipt }
        var training = receipt
        training.type = .training
        return training
    }

    private func run<T>(_ body: () throws(SimulatedTSE.Failure) -> T) throws(FiscalError) -> T {
        do {
            return try body()
        } catch SimulatedTSE.Failure.down {
            throw .outage(outage())
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    private func outage() -> FiscalOutage {
        FiscalOutage(since: now(), cause: FiscalCause(.simulatorOff))
    }
}
