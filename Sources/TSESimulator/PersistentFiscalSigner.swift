import Foundation
import POSFoundation
import Yosemite

/// The demo store's TSE across processes: the ``SimulatedTSE``'s key, counters and open transactions live in a
/// file in the data directory (mode 0600), and every call runs under an exclusive `flock` on a lock file beside
/// it: load, sign, save atomically (temporary file + rename), unlock. Every `pos sell` is a new process; two
/// processes never hand out the same transaction number or signature counter, and a process killed mid-call
/// leaves the last saved state (the kernel drops its lock).
///
/// Calls are idempotent per sale, so the checkout's recovery can repeat them safely: a second ``start(_:)`` for
/// the same sale id returns the open transaction, and finishing or cancelling a transaction the TSE already
/// finished returns the signature it gave then (kept for the last ``keptSignatures`` transactions), never a
/// second one.
///
/// The outage switch (``setDown(_:)``, `pos fiscal simulate-outage on|off`) is part of the file.
public struct PersistentFiscalSigner: FiscalSigner {
    /// The state file's name in the data directory.
    public static let fileName = AppEnvironment.FileName.tseSimulator
    /// How many finished transactions' signatures are kept for repeated finishes: enough for every sale a crash
    /// can leave unsettled, small enough that the file (rewritten on each call) stays a few dozen KB.
    public static let keptSignatures = 64

    /// What the file holds.
    struct State: Codable {
        var tse: SimulatedTSE.Snapshot
        /// Open transactions by sale id.
        var transactions: [String: FiscalTransaction] = [:]
        /// Signatures of finished transactions by sale id, newest last in ``finishedOrder``.
        var finished: [String: FiscalSignature] = [:]
        var finishedOrder: [String] = []
    }

    public let directory: URL
    public let clientSerial: String
    private let now: @Sendable () -> Date

    public init(directory: URL, clientSerial: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.clientSerial = clientSerial
        self.now = now
    }

    var stateURL: URL { directory.appendingPathComponent(Self.fileName) }
    var lockPath: String { directory.appendingPathComponent(Self.fileName + ".lock").path }

    // MARK: - FiscalSigner

    public func start(_ request: FiscalStartRequest) async throws(FiscalError) -> FiscalTransaction {
        try locked { (state, signer) throws(FiscalError) -> FiscalTransaction in
            if let open = state.transactions[request.saleID] { return open }
            let transaction = try signer.startNow(request)
            state.transactions[request.saleID] = transaction
            return transaction
        }
    }

    public func update(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError)
        -> FiscalTransaction {
        try locked { (state, signer) throws(FiscalError) -> FiscalTransaction in
            let updated = try signer.updateNow(transaction, receipt: receipt)
            state.transactions[transaction.id] = updated
            return updated
        }
    }

    public func finish(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError)
        -> FiscalSignature {
        try end(transaction) { signer throws(FiscalError) in
            try signer.finish(transaction, data: signer.signedReceipt(receipt, mode: transaction.mode))
        }
    }

    public func cancel(_ transaction: FiscalTransaction, kind: FiscalReceiptType) async throws(FiscalError)
        -> FiscalSignature {
        try end(transaction) { signer throws(FiscalError) in try signer.finish(transaction, data: .cancelled(kind)) }
    }

    public func identity() async throws(FiscalError) -> FiscalTSEIdentity {
        try locked { (_, signer) throws(FiscalError) in try signer.identityNow() }
    }

    // MARK: - The demo's controls

    /// Switches the simulated TSE off (`true`: every call is an outage) or on again.
    public func setDown(_ down: Bool) throws(FiscalError) {
        try withState(readOnly: false) { (state: inout State) throws(FiscalError) in state.tse.isDown = down }
    }

    /// Whether the simulated TSE is switched off.
    public func isDown() throws(FiscalError) -> Bool {
        try withState(readOnly: true) { (state: inout State) throws(FiscalError) in state.tse.isDown }
    }

    /// Registers this signer's register (``clientSerial``) as a client of the simulated TSE: `pos register set`
    /// and `pos login --register` do, so the TSE knows each register the till has been. Idempotent.
    @discardableResult
    public func registerClient() throws(FiscalError) -> FiscalTSEClient {
        try locked { (_, signer) throws(FiscalError) in try signer.registerClientNow() }
    }

    /// The TSE's key and counters as saved (tests read the public key and counters from here).
    public func snapshot() throws(FiscalError) -> SimulatedTSE.Snapshot {
        try withState(readOnly: true) { (state: inout State) throws(FiscalError) in state.tse }
    }

    // MARK: - Private

    private func end(_ transaction: FiscalTransaction,
                     _ sign: (SimulatedFiscalSigner) throws(FiscalError) -> FiscalSignature) throws(FiscalError)
        -> FiscalSignature {
        try locked { (state, signer) throws(FiscalError) -> FiscalSignature in
            if let done = state.finished[transaction.id] { return done }
            let signature = try sign(signer)
            state.transactions[transaction.id] = nil
            state.finished[transaction.id] = signature
            state.finishedOrder.append(transaction.id)
            while state.finishedOrder.count > Self.keptSignatures {
                state.finished[state.finishedOrder.removeFirst()] = nil
            }
            return signature
        }
    }

    /// Runs `body` with the TSE restored from the file, under the lock, and saves what it changed, even when
    /// `body` throws after signing (the counters moved).
    private func locked<T>(_ body: (inout State, SimulatedFiscalSigner) throws(FiscalError) -> T) throws(FiscalError) -> T {
        try withState(readOnly: false) { (state: inout State) throws(FiscalError) -> T in
            guard let tse = SimulatedTSE(snapshot: state.tse, now: now) else {
                throw .rejected(reason: "the simulated TSE's key in \(stateURL.path) is unusable")
            }
            let signer = SimulatedFiscalSigner(tse: tse, clientSerial: clientSerial, now: now)
            defer { state.tse = tse.snapshot() }
            return try body(&state, signer)
        }
    }

    private func withState<T>(readOnly: Bool, _ body: (inout State) throws(FiscalError) -> T) throws(FiscalError) -> T {
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw storage("cannot open \(lockPath)", errno) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw storage("cannot lock \(lockPath)", errno) }
        defer { flock(fd, LOCK_UN) }
        var state = try load()
        let before = try? encoded(state)
        var failure: FiscalError?
        var result: T?
        do { result = try body(&state) } catch { failure = error }
        if !readOnly, let after = try? encoded(state), after != before { try save(after) }
        if let failure { throw failure }
        guard let result else { throw .rejected(reason: "the simulated TSE returned nothing") }
        return result
    }

    private func load() throws(FiscalError) -> State {
        guard FileManager.default.fileExists(atPath: stateURL.path) else {
            // The first call in this data directory: a new TSE with a new key, saved at once (under the lock), so
            // every later call, a read-only one included, finds this same TSE: `pos fiscal status` shows the TSE
            // that will sign from its first call.
            let state = State(tse: SimulatedTSE(now: now).snapshot())
            do { try save(encoded(state)) } catch let error as FiscalError { throw error } catch {
                throw .rejected(reason: "the simulated TSE's file \(stateURL.path) cannot be written: \(error)")
            }
            return state
        }
        do {
            return try JSONDecoder().decode(State.self, from: Data(contentsOf: stateURL))
        } catch {
            throw .rejected(reason: "the simulated TSE's file \(stateURL.path) is unreadable")
        }
    }

    private func encoded(_ state: State) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(state)
    }

    /// Replaces the state file durably (mode 0600): after a power cut it holds the counters before or after this
    /// signature, never a torn file, and never counters older than a signature pos has stored.
    private func save(_ data: Data) throws(FiscalError) {
        do { try DurableFile.replace(stateURL.path, with: data, permissions: 0o600) } catch {
            throw storage("cannot write \(error.path) (\(error.operation))", error.errno)
        }
    }

    private func storage(_ what: String, _ code: Int32) -> FiscalError {
        .rejected(reason: "\(what): \(String(cString: strerror(code)))")
    }
}
