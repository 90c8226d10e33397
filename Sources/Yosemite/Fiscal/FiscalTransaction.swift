import Foundation
import POSFoundation

/// What the checkout asks for when a sale opens.
public struct FiscalStartRequest: Sendable, Hashable {
    /// The sale's own id (the checkout's ClientUUID text); the fiskaly client uses it as the transaction id.
    public var saleID: String
    /// Whether the sale is real, a demo-store sale or a training sale (training sales are signed as `AVTraining`).
    public var mode: FiscalMode
    /// The TSE client the sale was opened under (the order's `tseClient`), when recorded: a start repeated after a
    /// crash goes through that client even if the till's register changed since. `nil`: the signer's own client.
    public var clientID: String?

    public init(saleID: String, mode: FiscalMode = .live, clientID: String? = nil) {
        self.saleID = saleID
        self.mode = mode
        self.clientID = clientID
    }
}

/// How a sale counts for the tax office.
public enum FiscalMode: String, Sendable, Hashable, Codable {
    /// A real sale with a real TSE.
    case live
    /// A sale in the demo store, signed by the simulated TSE: its receipts say so.
    case demo
    /// A cashier's training sale: signed with the Vorgangstyp `AVTraining`, never counted as revenue.
    case training
}

/// An open TSE transaction: what ``FiscalSigner/start(_:)`` and ``FiscalSigner/update(_:receipt:)`` return.
public struct FiscalTransaction: Sendable, Hashable, Codable {
    /// The id the signer keys the transaction by (fiskaly: the client-chosen UUID; simulator: the sale id).
    public var id: String
    /// The TSE's transaction number (monotonic per TSE).
    public var number: Int
    /// The revision of the transaction at the TSE (fiskaly's `tx_revision`; 1 after start).
    public var revision: Int
    /// The log time of StartTransaction.
    public var startTime: Date
    /// The signature counter of the last signed log message of this transaction.
    public var signatureCounter: Int
    /// The mode the sale was opened in.
    public var mode: FiscalMode
    /// The TSE client the transaction was started by (fiskaly: the client id; the simulator: the register serial).
    /// Update, finish and cancel go through the same client, whatever the settings say by then; `nil` in
    /// transactions journaled before it was recorded (the signer's own client is used).
    public var clientID: String?
    /// The register (client) serial the transaction was started with, for the signature and its QR code.
    public var clientSerial: String?

    public init(id: String, number: Int, revision: Int, startTime: Date, signatureCounter: Int, mode: FiscalMode,
                clientID: String? = nil, clientSerial: String? = nil) {
        self.id = id
        self.number = number
        self.revision = revision
        self.startTime = startTime
        self.signatureCounter = signatureCounter
        self.mode = mode
        self.clientID = clientID
        self.clientSerial = clientSerial
    }
}

/// The TSE's answer to FinishTransaction: everything the receipt (§6 KassenSichV), its QR code and the DSFinV-K
/// file `transactions_tse.csv` carry.
public struct FiscalSignature: Sendable, Hashable, Codable {
    /// The transaction number.
    public var transactionNumber: Int
    /// The signature counter of the FinishTransaction log message.
    public var signatureCounter: Int
    /// The log time of StartTransaction.
    public var startTime: Date
    /// The log time of FinishTransaction (the receipt's end time).
    public var endTime: Date
    /// The signature algorithm, e.g. `ecdsa-plain-SHA384`.
    public var algorithm: String
    /// The log time format, e.g. `unixTime`.
    public var timeFormat: String
    /// The signature value, base64.
    public var signature: String
    /// The TSE's public key (uncompressed point), base64.
    public var publicKey: String
    /// The TSE's serial number: hex of the SHA-256 of the public key.
    public var tseSerial: String
    /// The register's (client's) serial number.
    public var clientSerial: String
    /// The processType signed (`Kassenbeleg-V1`).
    public var processType: String
    /// The processData signed (`Beleg^…^…`).
    public var processData: String
    /// The QR code line for the receipt (DSFinV-K annex: `V0;…`).
    public var qrCodeData: String
    /// True when a simulated TSE signed (demo store): receipts say so.
    public var isSimulated: Bool

    public init(transactionNumber: Int, signatureCounter: Int, startTime: Date, endTime: Date, algorithm: String,
                timeFormat: String, signature: String, publicKey: String, tseSerial: String, clientSerial: String,
                processType: String, processData: String, qrCodeData: String, isSimulated: Bool) {
        self.transactionNumber = transactionNumber
        self.signatureCounter = signatureCounter
        self.startTime = startTime
        self.endTime = endTime
        self.algorithm = algorithm
        self.timeFormat = timeFormat
        self.signature = signature
        self.publicKey = publicKey
        self.tseSerial = tseSerial
        self.clientSerial = clientSerial
        self.processType = processType
        self.processData = processData
        self.qrCodeData = qrCodeData
        self.isSimulated = isSimulated
    }
}

/// Who the TSE is: what Stamm_TSE and `pos fiscal status` show.
public struct FiscalTSEIdentity: Sendable, Hashable, Codable {
    /// Hex SHA-256 of the public key (TR-03153 §7.5).
    public var serial: String
    /// The public key (uncompressed point), base64.
    public var publicKey: String
    /// `ecdsa-plain-SHA384` etc.
    public var algorithm: String
    /// `unixTime` etc.
    public var timeFormat: String
    /// The register's (client's) serial number.
    public var clientSerial: String
    /// True for the simulated TSE.
    public var isSimulated: Bool
    /// This till's client as the TSE reports it (fiskaly: `GET /tss/{id}/client/{id}`; the simulator: its record
    /// of the register), when it answered.
    public var client: FiscalTSEClient?
    /// Every client the TSE reports (the simulator knows all of them; fiskaly is asked for this till's only).
    public var clients: [FiscalTSEClient]
    /// The BSI certification id of the TSE (`BSI-K-TR-nnnn-yyyy`), when the TSE reports one (fiskaly's TSS
    /// does as `bsi_certification_id`; the simulator is not certified and has none).
    public var bsiCertificationID: String?

    public init(serial: String, publicKey: String, algorithm: String, timeFormat: String, clientSerial: String,
                isSimulated: Bool, client: FiscalTSEClient? = nil, clients: [FiscalTSEClient] = [],
                bsiCertificationID: String? = nil) {
        self.serial = serial
        self.publicKey = publicKey
        self.algorithm = algorithm
        self.timeFormat = timeFormat
        self.clientSerial = clientSerial
        self.isSimulated = isSimulated
        self.client = client
        self.clients = clients
        self.bsiCertificationID = bsiCertificationID
    }
}

/// A TSE client: one register as the TSE knows it. Every register of a shop is its own client of the TSE, and a
/// register whose id changes is registered as a new client.
public struct FiscalTSEClient: Sendable, Hashable, Codable {
    /// The client id transactions are signed under (fiskaly: the client's UUID; the simulator: the register serial).
    public var id: String
    /// The register's serial number the client is registered with.
    public var serial: String
    /// The client's state at the TSE (fiskaly: `REGISTERED`, `DEREGISTERED`), when reported.
    public var state: String?
    /// When it was registered, when known.
    public var registeredAt: Date?

    public init(id: String, serial: String, state: String? = nil, registeredAt: Date? = nil) {
        self.id = id
        self.serial = serial
        self.state = state
        self.registeredAt = registeredAt
    }
}
