import Foundation
import POSFoundation

/// The API key and secret of a fiskaly organisation (SIGN DE), plus where the API is.
///
/// The secret never appears in ``description`` or a mirror. Stored 0600 like the store's credentials.
public struct FiskalyCredentials: Codable, Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The API base, e.g. `https://kassensichv-middleware.fiskaly.com/api/v2`.
    public var baseURL: String
    public var apiKey: String
    public var apiSecret: String

    public init(baseURL: String, apiKey: String, apiSecret: String) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.apiSecret = apiSecret
    }

    public var description: String { "FiskalyCredentials(baseURL: \(baseURL), apiKey: \(apiKey), apiSecret: <redacted>)" }
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "apiKey": apiKey, "apiSecret": "<redacted>"])
    }
}

/// The answer of `POST /auth`: a bearer token, its expiry and a refresh token.
public struct FiskalyAuthToken: Decodable, Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    public var accessToken: String
    /// Unix seconds.
    public var accessTokenExpiresAt: Int
    public var refreshToken: String
    /// Unix seconds.
    public var refreshTokenExpiresAt: Int

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case accessTokenExpiresAt = "access_token_expires_at"
        case refreshToken = "refresh_token"
        case refreshTokenExpiresAt = "refresh_token_expires_at"
    }

    public init(accessToken: String, accessTokenExpiresAt: Int, refreshToken: String, refreshTokenExpiresAt: Int) {
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshToken = refreshToken
        self.refreshTokenExpiresAt = refreshTokenExpiresAt
    }

    public var description: String {
        "FiskalyAuthToken(expiresAt: \(accessTokenExpiresAt), refreshExpiresAt: \(refreshTokenExpiresAt), tokens: <redacted>)"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["accessTokenExpiresAt": accessTokenExpiresAt,
                                "refreshTokenExpiresAt": refreshTokenExpiresAt, "tokens": "<redacted>"])
    }
}

/// A TSS (the TSE) as `GET /tss/{tss_id}` describes it.
public struct FiskalyTSS: Decodable, Hashable, Sendable {
    public var id: String
    /// `CREATED`, `UNINITIALIZED`, `INITIALIZED`, `DISABLED`…
    public var state: String
    /// Hex SHA-256 of the public key.
    public var serialNumber: String?
    /// Base64 public key.
    public var publicKey: String?
    public var signatureAlgorithm: String?
    public var signatureTimestampFormat: String?
    /// The TSS's BSI certification id (`BSI-K-TR-nnnn-yyyy`), what the tax office notification asks for.
    public var bsiCertificationID: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case state
        case serialNumber = "serial_number"
        case publicKey = "public_key"
        case signatureAlgorithm = "signature_algorithm"
        case signatureTimestampFormat = "signature_timestamp_format"
        case bsiCertificationID = "bsi_certification_id"
    }
}

/// A client (the register) registered on a TSS.
public struct FiskalyClient: Decodable, Hashable, Sendable {
    public var id: String
    public var serialNumber: String
    /// `REGISTERED` or `DEREGISTERED`.
    public var state: String
    public var tssID: String?
    /// Unix seconds: when the client was created at fiskaly.
    public var timeCreation: Int?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case serialNumber = "serial_number"
        case state
        case tssID = "tss_id"
        case timeCreation = "time_creation"
    }
}

/// A transaction as `PUT /tss/{tss_id}/tx/{tx_id}` answers it.
public struct FiskalyTransaction: Decodable, Hashable, Sendable {
    /// The signature of the latest log.
    public struct Signature: Decodable, Hashable, Sendable {
        public var value: String
        public var algorithm: String
        public var counter: Int
        public var publicKey: String

        enum CodingKeys: String, CodingKey {
            case value, algorithm, counter
            case publicKey = "public_key"
        }
    }

    /// The latest log message's operation and time.
    public struct Log: Decodable, Hashable, Sendable {
        public var operation: String
        /// Unix seconds.
        public var timestamp: Int
        public var timestampFormat: String

        enum CodingKeys: String, CodingKey {
            case operation, timestamp
            case timestampFormat = "timestamp_format"
        }
    }

    public var id: String
    public var number: Int
    /// `ACTIVE`, `FINISHED`, `CANCELLED`.
    public var state: String
    public var revision: Int
    public var clientID: String
    public var clientSerialNumber: String?
    /// Unix seconds.
    public var timeStart: Int
    /// Unix seconds, once finished.
    public var timeEnd: Int?
    public var tssSerialNumber: String
    public var signature: Signature
    public var log: Log
    public var qrCodeData: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case number, state, revision, signature, log
        case clientID = "client_id"
        case clientSerialNumber = "client_serial_number"
        case timeStart = "time_start"
        case timeEnd = "time_end"
        case tssSerialNumber = "tss_serial_number"
        case qrCodeData = "qr_code_data"
    }
}
