import Foundation
import Storage

/// The till's fiscal settings (German fiscal law): the merchant's tax number and VAT id, the TSE's TSS and client
/// ids at fiskaly, and the register's serial number — one setting, which the TSE signs as its client id and which
/// the receipt, the QR code and the DSFinV-K export carry (registers share it).
///
/// Kept in `fiscal-settings.json` in the data directory (0600, atomically); `pos fiscal configure` writes it. The
/// fiskaly API key and secret are not here but in ``FiskalyCredentialsFile``.
public struct FiscalSettings: Codable, Hashable, Sendable {
    /// The file's name in the data directory.
    public static let fileName = "fiscal-settings.json"
    /// The register serial the demo store uses when none is set.
    public static let demoRegisterSerial = "POS-DEMO-1"

    /// The merchant's tax number (Steuernummer), for Stamm_Abschluss and the receipt header.
    public var taxNumber: String?
    /// The merchant's VAT id (USt-IdNr.).
    public var vatID: String?
    /// The TSS (TSE) id at fiskaly.
    public var tssID: String?
    /// The client (register) id at fiskaly.
    public var clientID: String?
    /// The register's serial number (the TSE's client id, printed on every receipt).
    public var registerSerial: String?
    /// Every register this till has been registered as at the TSE, oldest first: a register is its own TSE client,
    /// so a changed register id is a new client beside the old one, and switching back reuses the old one.
    public var tseClients: [TSEClient]?

    /// A register as registered at the TSE (fiskaly: the client's id on the TSS).
    public struct TSEClient: Codable, Hashable, Sendable {
        /// The register's serial number (its register id).
        public var registerSerial: String
        /// The client's id at the TSE (fiskaly's UUID; the simulator's is the register serial).
        public var clientID: String
        /// The TSS it is registered on (fiskaly), if any.
        public var tssID: String?
        /// When pos registered it (unknown for a client registered before pos kept this list).
        public var registeredAt: Date?

        public init(registerSerial: String, clientID: String, tssID: String? = nil, registeredAt: Date?) {
            self.registerSerial = registerSerial
            self.clientID = clientID
            self.tssID = tssID
            self.registeredAt = registeredAt
        }
    }

    /// The client registered for `serial` on `tssID` (the TSS this till uses), if any.
    public func tseClient(forRegister serial: String, tssID: String?) -> TSEClient? {
        tseClients?.last { $0.registerSerial == serial && $0.tssID == tssID }
    }

    /// Records `client` (replacing an earlier record of the same register on the same TSS).
    public mutating func record(_ client: TSEClient) {
        var clients = tseClients ?? []
        clients.removeAll { $0.registerSerial == client.registerSerial && $0.tssID == client.tssID }
        clients.append(client)
        tseClients = clients
    }

    public init(taxNumber: String? = nil, vatID: String? = nil, tssID: String? = nil, clientID: String? = nil,
                registerSerial: String? = nil) {
        self.taxNumber = taxNumber
        self.vatID = vatID
        self.tssID = tssID
        self.clientID = clientID
        self.registerSerial = registerSerial
    }

    /// The settings saved in `dataDirectory`, or empty ones.
    public static func load(dataDirectory: URL, files: FileStorage = FileStorage()) -> FiscalSettings {
        (try? files.read(FiscalSettings.self, from: dataDirectory.appendingPathComponent(fileName))).flatMap { $0 }
            ?? FiscalSettings()
    }

    /// Saves the settings (0600, atomically).
    public func save(dataDirectory: URL, files: FileStorage = FileStorage()) throws {
        try files.write(self, to: dataDirectory.appendingPathComponent(Self.fileName), permissions: FileStorage.ownerOnly)
    }

    /// The register serial for a mode: the setting, else the demo's in the demo store.
    public func registerSerial(for mode: FiscalMode) -> String? {
        if let registerSerial, !registerSerial.isEmpty { return registerSerial }
        return mode == .demo ? Self.demoRegisterSerial : nil
    }

    /// The fiskaly TSS, client and register serial, when all three are set.
    public var fiskalyConfiguration: FiskalySigner.Configuration? {
        guard let tssID, !tssID.isEmpty, let clientID, !clientID.isEmpty, let registerSerial, !registerSerial.isEmpty
        else { return nil }
        return FiskalySigner.Configuration(tssID: tssID, clientID: clientID, clientSerial: registerSerial)
    }
}
