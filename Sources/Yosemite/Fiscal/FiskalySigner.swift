import Foundation
import Localization
import Networking
import POSFoundation

/// The ``FiscalSigner`` of a live German till: fiskaly's cloud TSE (SIGN DE API v2) through ``FiskalyRemote``.
///
/// A sale's TSE transaction id is the sale's id (a UUID, as fiskaly requires); each call moves the transaction
/// one revision on (`tx_revision` 1 = ACTIVE at start, then updates, then FINISHED or CANCELLED). Transport
/// failures, timeouts and 5xx answers become ``FiscalError/outage(_:)``.
public struct FiskalySigner: FiscalSigner {
    /// Which TSS and client this till signs with.
    public struct Configuration: Sendable, Hashable, Codable {
        /// The TSS (TSE) id at fiskaly.
        public var tssID: String
        /// The client id at fiskaly (the register).
        public var clientID: String
        /// The register's serial number, as registered on the TSS.
        public var clientSerial: String

        public init(tssID: String, clientID: String, clientSerial: String) {
            self.tssID = tssID
            self.clientID = clientID
            self.clientSerial = clientSerial
        }
    }

    /// The processType of a sale.
    public static let processType = "Kassenbeleg-V1"

    private let remote: FiskalyRemote
    private let configuration: Configuration
    private let baseCurrency: Currency
    private let now: @Sendable () -> Date

    public init(remote: FiskalyRemote, configuration: Configuration, baseCurrency: Currency = .eur,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.remote = remote
        self.configuration = configuration
        self.baseCurrency = baseCurrency
        self.now = now
    }

    public func start(_ request: FiscalStartRequest) async throws(FiscalError) -> FiscalTransaction {
        // A sale starts under the client it was opened under (a start repeated after a crash), else this till's.
        let client = request.clientID ?? configuration.clientID
        let tx = try await put(request.saleID, revision: 1, .active(nil), client: client)
        return FiscalTransaction(id: tx.id, number: tx.number, revision: tx.revision,
                                 startTime: Date(timeIntervalSince1970: TimeInterval(tx.timeStart)),
                                 signatureCounter: tx.signature.counter, mode: request.mode, clientID: client,
                                 clientSerial: tx.clientSerialNumber
                                     ?? (client == configuration.clientID ? configuration.clientSerial : nil))
    }

    public func update(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError)
        -> FiscalTransaction {
        let data = Self.signed(receipt, mode: transaction.mode)
        let tx = try await put(transaction.id, revision: transaction.revision + 1, .active(fiskalyReceipt(data)),
                               client: transaction.clientID)
        var updated = transaction
        updated.revision = tx.revision
        updated.signatureCounter = tx.signature.counter
        return updated
    }

    public func finish(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError)
        -> FiscalSignature {
        let data = Self.signed(receipt, mode: transaction.mode)
        let tx = try await put(transaction.id, revision: transaction.revision + 1, .finished(fiskalyReceipt(data)),
                               client: transaction.clientID)
        return signature(of: tx, processData: data.processData(baseCurrency: baseCurrency),
                         clientSerial: transaction.clientSerial)
    }

    public func cancel(_ transaction: FiscalTransaction, kind: FiscalReceiptType) async throws(FiscalError)
        -> FiscalSignature {
        let data = FiscalReceiptData.cancelled(kind)
        let tx = try await put(transaction.id, revision: transaction.revision + 1, .cancelled(fiskalyReceipt(data)),
                               client: transaction.clientID)
        return signature(of: tx, processData: data.processData(baseCurrency: baseCurrency),
                         clientSerial: transaction.clientSerial)
    }

    public func identity() async throws(FiscalError) -> FiscalTSEIdentity {
        let tss: FiskalyTSS
        do {
            tss = try await remote.tss(id: configuration.tssID)
        } catch {
            throw map(error)
        }
        guard tss.state == "INITIALIZED", let serial = tss.serialNumber, let key = tss.publicKey else {
            throw .rejected(reason: L10n.tr("error.fiscal.tssState", ["tss": "\(configuration.tssID)", "state": tss.state]))
        }
        // This till's client as fiskaly reports it: its serial there is the one the signatures carry.
        let client: FiskalyClient
        do {
            client = try await remote.client(tssID: configuration.tssID, clientID: configuration.clientID)
        } catch {
            throw map(error)
        }
        let reported = FiscalTSEClient(id: client.id, serial: client.serialNumber, state: client.state,
                                       registeredAt: client.timeCreation.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        return FiscalTSEIdentity(serial: serial, publicKey: key, algorithm: tss.signatureAlgorithm ?? "",
                                 timeFormat: tss.signatureTimestampFormat ?? "", clientSerial: client.serialNumber,
                                 isSimulated: false, client: reported, clients: [reported],
                                 bsiCertificationID: tss.bsiCertificationID)
    }

    // MARK: - Mapping

    /// The receipt schema fiskaly signs for `data`: amounts per rate in fiskaly's rate names, per payment type.
    func fiskalyReceipt(_ data: FiscalReceiptData) -> FiskalyReceipt {
        let rates = FiscalVATRate.allCases.compactMap { rate -> FiskalyReceipt.VATAmount? in
            guard let amount = data.amountsPerVATRate[rate] else { return nil }
            return FiskalyReceipt.VATAmount(vatRate: rate.rawValue, amount: amount.decimalString)
        }
        let payments = data.payments.map {
            FiskalyReceipt.PaymentAmount(paymentType: $0.kind.rawValue, amount: $0.amount.decimalString,
                                         currencyCode: $0.amount.currency.code)
        }
        return FiskalyReceipt(receiptType: data.type.fiskalyReceiptType, amountsPerVATRate: rates,
                              amountsPerPaymentType: payments)
    }

    private func signature(of tx: FiskalyTransaction, processData: String, clientSerial started: String?) -> FiscalSignature {
        let start = Date(timeIntervalSince1970: TimeInterval(tx.timeStart))
        let end = Date(timeIntervalSince1970: TimeInterval(tx.timeEnd ?? tx.log.timestamp))
        let clientSerial = tx.clientSerialNumber ?? started ?? configuration.clientSerial
        let qr = tx.qrCodeData ?? FiscalQRCode(
            registerSerial: clientSerial, processType: Self.processType, processData: processData,
            transactionNumber: tx.number, signatureCounter: tx.signature.counter, startTime: start, logTime: end,
            algorithm: tx.signature.algorithm, timeFormat: tx.log.timestampFormat, signature: tx.signature.value,
            publicKey: tx.signature.publicKey
        ).text
        return FiscalSignature(transactionNumber: tx.number, signatureCounter: tx.signature.counter, startTime: start,
                               endTime: end, algorithm: tx.signature.algorithm, timeFormat: tx.log.timestampFormat,
                               signature: tx.signature.value, publicKey: tx.signature.publicKey,
                               tseSerial: tx.tssSerialNumber, clientSerial: clientSerial,
                               processType: Self.processType, processData: processData, qrCodeData: qr,
                               isSimulated: false)
    }

    /// `client`: the client the transaction was started by (update, finish and cancel keep it); this till's now
    /// when nil.
    private func put(_ id: String, revision: Int, _ state: FiskalyTransactionState, client: String? = nil)
        async throws(FiscalError) -> FiskalyTransaction {
        do {
            return try await remote.putTransaction(tssID: configuration.tssID, transactionID: id, revision: revision,
                                                   clientID: client ?? configuration.clientID, state: state)
        } catch {
            throw map(error)
        }
    }

    /// Network failures the till sells through become an outage; refusals are set-up errors.
    func map(_ error: NetworkError) -> FiscalError {
        switch error {
        case .unauthorized:
            return .unauthorized
        case .dnsFailure, .connectionRefused, .timeout, .connectionLost, .offline, .rateLimited, .serverError,
             .transport, .malformedResponse, .cancelled, .tlsFailure:
            return .outage(FiscalOutage(since: now(), cause: FiscalCause(error)))
        case .invalidSiteAddress, .insecureConnection, .forbidden, .notFound, .wooCommerceMissing, .notWordPress,
             .unexpectedStatus:
            return .rejected(reason: error.message)
        }
    }

    /// Training sales are signed as `AVTraining`.
    static func signed(_ receipt: FiscalReceiptData, mode: FiscalMode) -> FiscalReceiptData {
        guard mode == .training, receipt.type == .beleg else { return receipt }
        var training = receipt
        training.type = .training
        return training
    }
}
