import Foundation

/// The receipt's QR code line in the DSFinV-K layout (annex "QR-Code"):
/// `V0;<register serial>;<processType>;<processData>;<transaction number>;<signature counter>;<start time>;`
/// `<log time>;<signature algorithm>;<time format>;<signature base64>;<public key base64>`.
///
/// Times are ISO 8601 in UTC with milliseconds (`2019-07-10T18:41:04.000Z`), as the annex's example shows.
public struct FiscalQRCode: Sendable, Hashable {
    /// The version tag the annex defines.
    public static let version = "V0"

    public var registerSerial: String
    public var processType: String
    public var processData: String
    public var transactionNumber: Int
    public var signatureCounter: Int
    public var startTime: Date
    public var logTime: Date
    public var algorithm: String
    public var timeFormat: String
    public var signature: String
    public var publicKey: String

    public init(registerSerial: String, processType: String = "Kassenbeleg-V1", processData: String,
                transactionNumber: Int, signatureCounter: Int, startTime: Date, logTime: Date, algorithm: String,
                timeFormat: String, signature: String, publicKey: String) {
        self.registerSerial = registerSerial
        self.processType = processType
        self.processData = processData
        self.transactionNumber = transactionNumber
        self.signatureCounter = signatureCounter
        self.startTime = startTime
        self.logTime = logTime
        self.algorithm = algorithm
        self.timeFormat = timeFormat
        self.signature = signature
        self.publicKey = publicKey
    }

    /// The line to encode in the QR code.
    public var text: String {
        [
            Self.version, registerSerial, processType, processData, String(transactionNumber),
            String(signatureCounter), Self.isoTime(startTime), Self.isoTime(logTime), algorithm, timeFormat,
            signature, publicKey,
        ].joined(separator: ";")
    }

    /// `2019-07-10T18:41:04.000Z`.
    public static func isoTime(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
