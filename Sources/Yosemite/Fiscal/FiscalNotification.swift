import Foundation
import Networking
import Storage

/// What the ELSTER form "Mitteilung über elektronische Aufzeichnungssysteme (§ 146a Absatz 4 AO)" asks about this
/// till, as far as pos knows it: the business premises, and per register (each a client of the TSE) the
/// electronic recording system and its TSE. A value pos does not know is `nil`: the merchant fills it in
/// (`pos fiscal notification` says so field by field).
///
/// pos does not send the notification: the merchant submits it in Mein ELSTER (per business premises, listing
/// every register there), and again when a register is taken out of use or changes.
public struct FiscalNotification: Sendable, Hashable, Codable {
    /// The ELSTER form's choice for the kind of system ("Art des eAs"): a computer-based register.
    public static let registerType = "Computergestützte/PC-Kassensysteme"
    /// The software's name as the receipts and the DSFinV-K export name it.
    public static let softwareName = "pos"

    /// One register (electronic recording system, "eAs") and the TSE it signs with.
    public struct Register: Sendable, Hashable, Codable {
        /// The register's serial number ("Seriennummer des eAs"): its register id, the TSE client's serial.
        public var serial: String
        /// Whether the till is set to this register now (earlier ones remain to be reported, or taken out of use).
        public var current: Bool
        /// "Art des eAs".
        public var type: String
        /// "Software des eAs" and "Software-Version des eAs".
        public var software: String
        public var softwareVersion: String
        /// "Hersteller des eAs" and "Modell des eAs": the hardware the till runs on, unknown to pos.
        public var manufacturer: String?
        public var model: String?
        /// "Datum der Anschaffung": from the merchant's invoice, unknown to pos.
        public var purchaseDate: Date?
        /// "Datum der Inbetriebnahme": the start of the first transaction this register's TSE client signed, when
        /// the journal holds it.
        public var firstUse: Date?
        /// The register's client id at the TSE (fiskaly's UUID; the simulator's is the serial), when known.
        public var tseClientID: String?
        /// When pos registered the client at the TSE, when known.
        public var tseClientRegisteredAt: Date?
    }

    /// The TSE ("technische Sicherheitseinrichtung").
    public struct TSE: Sendable, Hashable, Codable {
        /// "Seriennummer der TSE": hex SHA-256 of its public key, as receipts print it.
        public var serial: String
        /// "BSI-Zertifizierungs-ID" (`BSI-K-TR-nnnn-yyyy`), when the TSE reports it; the simulator has none.
        public var bsiCertificationID: String?
        /// "Art der TSE": `cloud` (fiskaly), `simulated` (the demo store's, which cannot be notified).
        public var kind: String
        /// True for the demo store's simulated TSE.
        public var isSimulated: Bool
        /// "Datum der Inbetriebnahme der TSE": the start of the first transaction it signed for this till, when
        /// the journal holds it.
        public var firstUse: Date?
    }

    /// The taxpayer as the store names itself (the merchant checks it against the tax office's records).
    public var storeName: String
    /// "Steuernummer", when set (`pos fiscal configure --tax-number`).
    public var taxNumber: String?
    /// The business premises' address (the store's address from WooCommerce).
    public var street: String
    public var postalCode: String
    public var city: String
    public var country: String
    /// `demo`, `live` or `none` (no TSE set up: the register cannot be notified as protected).
    public var mode: String
    /// The TSE, when one is set up and known (it answered, or its signatures are in the journal).
    public var tse: TSE?
    /// Why the TSE did not answer, when it did not.
    public var tseError: String?
    /// Every register this till has been, the current one first.
    public var registers: [Register]
}

extension FiscalService {
    /// The data for the tax office notification (§146a Abs. 4 AO). Asks the TSE for its identity (fiskaly: the
    /// TSS's serial and BSI certification id); the first uses come from the TSE journal.
    public func notification() async throws(FiscalServiceError) -> FiscalNotification {
        let checkout = FiscalCheckout(environment: environment)
        let mode = checkout.mode
        let settings = settings
        var identity: FiscalTSEIdentity?
        var problem: String?
        let signer = checkout.signer
        if let signer {
            do { identity = try await signer.identity() } catch { problem = error.message }
        }
        let store: StoreSettings?
        let firstUses: [FiscalFirstUse]
        do {
            store = try await SettingsRepository(database: environment.database).load()
            firstUses = try await environment.database.fiscalFirstUses()
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        // The TSE: the one that answered, else the one the journal's signatures name.
        let tseSerial = identity?.serial ?? firstUses.last?.tseSerial
        let simulated = identity?.isSimulated ?? (mode == .demo)
        let tse = tseSerial.map { serial in
            FiscalNotification.TSE(
                serial: serial, bsiCertificationID: identity?.bsiCertificationID,
                kind: simulated ? "simulated" : "cloud", isSimulated: simulated,
                firstUse: firstUses.filter { $0.tseSerial == serial }.map(\.firstSigned).min())
        }
        // The registers: the current one, those pos registered at this TSE, those the TSE reports, those that signed.
        let current = settings.registerSerial(for: mode)
        let recorded = (settings.tseClients ?? []).filter { mode == .demo || $0.tssID == settings.tssID }
        var serials: [String] = current.map { [$0] } ?? []
        for serial in recorded.map(\.registerSerial) + (identity?.clients.map(\.serial) ?? [])
            + firstUses.map(\.clientSerial) where !serials.contains(serial) {
            serials.append(serial)
        }
        let registers = serials.map { serial -> FiscalNotification.Register in
            let record = recorded.last { $0.registerSerial == serial }
            let reported = identity?.clients.last { $0.serial == serial }
            let signed = firstUses.filter { $0.clientSerial == serial && (tseSerial == nil || $0.tseSerial == tseSerial) }
            return FiscalNotification.Register(
                serial: serial, current: serial == current, type: FiscalNotification.registerType,
                software: FiscalNotification.softwareName, softwareVersion: NetworkingInfo.version,
                manufacturer: nil, model: nil, purchaseDate: nil, firstUse: signed.map(\.firstSigned).min(),
                tseClientID: record?.clientID ?? reported?.id ?? (serial == current ? settings.clientID : nil),
                tseClientRegisteredAt: record?.registeredAt ?? reported?.registeredAt)
        }
        let address = store?.address
        let street = [address?.line1 ?? "", address?.line2 ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
        return FiscalNotification(
            storeName: store?.storeName ?? "", taxNumber: settings.taxNumber, street: street,
            postalCode: address?.postcode ?? "", city: address?.city ?? "", country: address?.country ?? "",
            mode: signer == nil ? "none" : mode.rawValue, tse: tse, tseError: problem, registers: registers)
    }
}
