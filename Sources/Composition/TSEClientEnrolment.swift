import Foundation
import Networking
import TSESimulator
import Yosemite

/// A register is a client of the TSE: when the till's register id is set (`pos register set`, `pos login
/// --register`, `pos fiscal register-client`), the register is registered as a client of the TSE the till signs
/// with, before the new id is used for a sale.
///
/// - The demo store: the simulated TSE (`tse-simulator.json`) records the register as one more client.
/// - fiskaly: a register already registered on the TSS (``FiscalSettings/tseClients``) is used again; a new one
///   is registered with `PUT /tss/{id}/client/{id}` after `POST /tss/{id}/admin/auth` with the admin PIN.
/// - No TSE set up: nothing to register.
///
/// It returns the fiscal settings to save (the register serial, its client id, the client recorded) and saves
/// nothing itself: the caller saves them once the register is registered, so a refused registration leaves the
/// till on its old register.
public enum TSEClientEnrolment {
    /// What was registered.
    public enum Outcome: Sendable, Hashable {
        /// No TSE is set up in this data directory.
        case noTSE
        /// The register is a client of the demo store's simulated TSE (serial `tseSerial`).
        case simulated(client: FiscalTSEClient, tseSerial: String)
        /// The register is a client of the fiskaly TSS; `new` when it was registered now (else it already was).
        case fiskaly(client: FiscalTSEClient, tssID: String, new: Bool)
        /// A TSS id is set but no fiskaly key is saved: the register must be registered once the key is
        /// (`pos fiscal register-client`).
        case fiskalyIncomplete
    }

    /// Why the register could not be registered.
    public enum Failure: Error, Sendable, Hashable {
        /// fiskaly needs the TSS admin PIN to register a new client (`POS_FISKALY_ADMIN_PIN`).
        case adminPINMissing(register: String, tssID: String)
        /// fiskaly or the simulated TSE refused or did not answer.
        case tse(register: String, reason: String)
    }

    /// The environment variable the TSS admin PIN is read from.
    public static let adminPINVariable = "POS_FISKALY_ADMIN_PIN"

    /// Registers `register` as a TSE client for `dataDirectory` and returns `settings` with the register serial,
    /// the client id and the client record set.
    ///
    /// - Parameters:
    ///   - clientID: the id to register a new fiskaly client under (`pos fiscal configure --client-id`); a new
    ///     UUID when nil.
    ///   - again: register at fiskaly even when the register is recorded as registered (`pos fiscal
    ///     register-client`).
    public static func enrol(register: String, settings: FiscalSettings, dataDirectory: URL, adminPIN: String?,
                             clientID preferred: String? = nil, again: Bool = false,
                             now: Date = Date()) async throws(Failure) -> (FiscalSettings, Outcome) {
        var updated = settings
        // The register the till signs as now is a client already, though settings written before pos kept the list
        // of clients do not name it there: record it, so that it is reused rather than registered again.
        if let current = settings.registerSerial, !current.isEmpty, let clientID = settings.clientID, !clientID.isEmpty,
           settings.tssID != nil, settings.tseClient(forRegister: current, tssID: settings.tssID) == nil,
           settings.tseClients?.contains(where: { $0.clientID == clientID }) != true {
            updated.record(FiscalSettings.TSEClient(registerSerial: current, clientID: clientID, tssID: settings.tssID,
                                                    registeredAt: nil))
        }
        updated.registerSerial = register
        if FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("demo-store").path) {
            let signer = PersistentFiscalSigner(directory: dataDirectory, clientSerial: register)
            do {
                let client = try signer.registerClient()
                let tseSerial = try await signer.identity().serial
                updated.record(FiscalSettings.TSEClient(registerSerial: register, clientID: client.id,
                                                        registeredAt: client.registeredAt ?? now))
                return (updated, .simulated(client: client, tseSerial: tseSerial))
            } catch {
                throw .tse(register: register, reason: error.message)
            }
        }
        guard let tssID = settings.tssID, !tssID.isEmpty else { return (updated, .noTSE) }
        guard let remote = AppEnvironment.fiskalyRemote(dataDirectory: dataDirectory) else {
            // Without a key no client can be registered; the old register's client must not sign for the new id.
            updated.clientID = nil
            return (updated, .fiskalyIncomplete)
        }
        let known = updated.tseClient(forRegister: register, tssID: tssID)
        if let known, !again {
            updated.clientID = known.clientID
            let client = FiscalTSEClient(id: known.clientID, serial: register, registeredAt: known.registeredAt)
            return (updated, .fiskaly(client: client, tssID: tssID, new: false))
        }
        guard let adminPIN, !adminPIN.isEmpty else { throw .adminPINMissing(register: register, tssID: tssID) }
        let clientID = known?.clientID ?? preferred ?? UUID().uuidString.lowercased()
        let registered: FiskalyClient
        do {
            try await remote.authenticateAdmin(tssID: tssID, adminPIN: adminPIN)
            registered = try await remote.registerClient(tssID: tssID, clientID: clientID, serialNumber: register)
        } catch {
            throw .tse(register: register, reason: error.message)
        }
        updated.clientID = registered.id
        updated.record(FiscalSettings.TSEClient(registerSerial: register, clientID: registered.id, tssID: tssID,
                                                registeredAt: now))
        let client = FiscalTSEClient(id: registered.id, serial: registered.serialNumber, state: registered.state,
                                     registeredAt: now)
        return (updated, .fiskaly(client: client, tssID: tssID, new: true))
    }
}
