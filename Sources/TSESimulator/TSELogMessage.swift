import Foundation

/// A transaction log message as BSI TR-03151 lays it out, and the bytes its signature covers.
///
/// ```
/// SEQUENCE {
///   version              INTEGER (2)
///   certifiedDataType    OBJECT IDENTIFIER (id-SE-API-transaction-log, 0.4.0.127.0.7.3.7.1.1)
///   operationType    [0] PrintableString  ("StartTransaction" | "UpdateTransaction" | "FinishTransaction")
///   clientId         [1] PrintableString
///   processData      [2] OCTET STRING
///   processType      [3] PrintableString
///   transactionNumber[5] INTEGER
///   serialNumber         OCTET STRING     (SHA-256 of the public key)
///   signatureAlgorithm   SEQUENCE { OBJECT IDENTIFIER (ecdsa-plain-SHA384, 0.4.0.127.0.7.1.1.4.1.4) }
///   signatureCounter     INTEGER
///   logTime              INTEGER          (unixTime)
///   signatureValue       OCTET STRING     (plain r || s)
/// }
/// ```
/// The optional fields (additionalExternalData [4], additionalInternalData [6], seAuditData, algorithm
/// parameters) are left out. The signed data is the concatenation of the *value* octets (no tag, no length) of
/// every field from version to logTime, the algorithm contributing its OID's value; docs/fiscal.md says so too.
public struct TSELogMessage: Sendable, Hashable {
    /// The TR-03151 operation that produced the log.
    public enum Operation: String, Sendable, Hashable {
        case start = "StartTransaction"
        case update = "UpdateTransaction"
        case finish = "FinishTransaction"
    }

    /// id-SE-API-transaction-log.
    public static let transactionLogOID = "0.4.0.127.0.7.3.7.1.1"
    /// ecdsa-plain-SHA384 (BSI TR-03111).
    public static let ecdsaPlainSHA384OID = "0.4.0.127.0.7.1.1.4.1.4"
    /// The log message version TR-03151 defines.
    public static let version = 2

    public var operation: Operation
    public var clientID: String
    public var processData: Data
    public var processType: String
    public var transactionNumber: Int
    public var serialNumber: Data
    public var signatureCounter: Int
    /// Whole seconds since 1970 (`unixTime`).
    public var logTime: Int
    /// The signature, filled in once signed.
    public var signatureValue: Data

    public init(operation: Operation, clientID: String, processData: Data, processType: String, transactionNumber: Int,
                serialNumber: Data, signatureCounter: Int, logTime: Int, signatureValue: Data = Data()) {
        self.operation = operation
        self.clientID = clientID
        self.processData = processData
        self.processType = processType
        self.transactionNumber = transactionNumber
        self.serialNumber = serialNumber
        self.signatureCounter = signatureCounter
        self.logTime = logTime
        self.signatureValue = signatureValue
    }

    /// The bytes the signature covers: the value octets of version … logTime, concatenated.
    public var dataToBeSigned: Data {
        var bytes: [UInt8] = []
        bytes += DER.integerValue(Self.version)
        bytes += DER.objectIdentifierValue(Self.transactionLogOID)
        bytes += Array(operation.rawValue.utf8)
        bytes += Array(clientID.utf8)
        bytes += Array(processData)
        bytes += Array(processType.utf8)
        bytes += DER.integerValue(transactionNumber)
        bytes += Array(serialNumber)
        bytes += DER.objectIdentifierValue(Self.ecdsaPlainSHA384OID)
        bytes += DER.integerValue(signatureCounter)
        bytes += DER.integerValue(logTime)
        return Data(bytes)
    }

    /// The whole message, DER-encoded (what a TSE export's `.log` file holds).
    public var encoded: Data {
        var fields: [UInt8] = []
        fields += DER.tlv(DER.Tag.integer, DER.integerValue(Self.version))
        fields += DER.tlv(DER.Tag.objectIdentifier, DER.objectIdentifierValue(Self.transactionLogOID))
        fields += DER.tlv(DER.Tag.context(0), Array(operation.rawValue.utf8))
        fields += DER.tlv(DER.Tag.context(1), Array(clientID.utf8))
        fields += DER.tlv(DER.Tag.context(2), Array(processData))
        fields += DER.tlv(DER.Tag.context(3), Array(processType.utf8))
        fields += DER.tlv(DER.Tag.context(5), DER.integerValue(transactionNumber))
        fields += DER.tlv(DER.Tag.octetString, Array(serialNumber))
        fields += DER.tlv(DER.Tag.sequence,
                          DER.tlv(DER.Tag.objectIdentifier, DER.objectIdentifierValue(Self.ecdsaPlainSHA384OID)))
        fields += DER.tlv(DER.Tag.integer, DER.integerValue(signatureCounter))
        fields += DER.tlv(DER.Tag.integer, DER.integerValue(logTime))
        fields += DER.tlv(DER.Tag.octetString, Array(signatureValue))
        return Data(DER.tlv(DER.Tag.sequence, fields))
    }
}
