import POSFoundation
import Foundation
import Synchronization

/// A technical security element (TSE) in process: what the demo store signs with, and what the fiskaly route
/// simulator signs with behind its HTTP routes.
///
/// It keeps a transaction counter and a signature counter (both start at 0 and only go up), signs every
/// StartTransaction, UpdateTransaction and FinishTransaction as a TR-03151 log message (``TSELogMessage``) with
/// ECDSA over P-384 and SHA-384 (plain `r || s` signatures, `ecdsa-plain-SHA384`), and stamps log times as
/// `unixTime`. Its serial number is the SHA-256 of its public key (uncompressed point), as TR-03153 §7.5 defines.
///
/// ``isDown`` switches it off: every call then throws ``Failure/down`` (outage tests).
public final class SimulatedTSE: Sendable {
    /// Why a call failed.
    public enum Failure: Error, Hashable, Sendable {
        /// The TSE is switched off (``isDown``).
        case down
        /// No transaction with this number was started.
        case unknownTransaction(Int)
        /// The transaction was already finished.
        case transactionFinished(Int)
        /// The transaction belongs to another client.
        case wrongClient(Int)
    }

    /// One signed log, with the message and its signature.
    public struct Log: Sendable, Hashable {
        public var message: TSELogMessage
        public var logTime: Date { Date(timeIntervalSince1970: TimeInterval(message.logTime)) }
        public var signature: Data { message.signatureValue }
        public var transactionNumber: Int { message.transactionNumber }
        public var signatureCounter: Int { message.signatureCounter }
    }

    /// The algorithm name as DSFinV-K and fiskaly spell it.
    public static let algorithm = "ecdsa-plain-SHA384"
    /// The log time format.
    public static let timeFormat = "unixTime"

    private struct OpenTransaction: Codable {
        var clientID: String
        var startTime: Date
        var finished = false
    }

    private struct State {
        var transactionCounter = 0
        var signatureCounter = 0
        var transactions: [Int: OpenTransaction] = [:]
        var isDown = false
        /// The clients (registers) the TSE knows, by client id, with when each was registered.
        var clients: [String: Date] = [:]
    }

    /// A client (a register, by its serial number) the TSE knows.
    public struct Client: Codable, Sendable, Hashable {
        /// The client id signed in every log (the register's serial number).
        public var id: String
        /// When the TSE first knew it (registered, or its first StartTransaction).
        public var registeredAt: Date

        public init(id: String, registeredAt: Date) {
            self.id = id
            self.registeredAt = registeredAt
        }
    }

    private let key: P384SigningKey
    /// The public key as an uncompressed point (`04 || X || Y`, 97 bytes).
    public let publicKey: Data
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    /// A TSE with a key (a fresh one by default) and a clock.
    public init(privateKey: P384SigningKey = P384SigningKey(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.key = privateKey
        self.publicKey = privateKey.publicKey
        self.now = now
    }

    // MARK: - Persistence (the demo store's TSE outlives a process)

    /// Everything the TSE holds: its private key, counters, unfinished transactions and the outage switch.
    /// ``PersistentFiscalSigner`` keeps it in the data directory (0600) between processes.
    public struct Snapshot: Codable, Sendable, Hashable {
        public struct Transaction: Codable, Sendable, Hashable {
            public var number: Int
            public var clientID: String
            public var startTime: Date
        }

        /// The P-384 private scalar (raw representation).
        public var privateKey: Data
        public var transactionCounter: Int
        public var signatureCounter: Int
        /// Transactions started and not finished.
        public var openTransactions: [Transaction]
        public var isDown: Bool
        /// The clients the TSE knows (absent in files written before the TSE kept them).
        public var clients: [Client]?
    }

    /// A TSE restored from a snapshot; `nil` when the key in it is unusable.
    public convenience init?(snapshot: Snapshot, now: @escaping @Sendable () -> Date = { Date() }) {
        guard let key = P384SigningKey(scalar: snapshot.privateKey) else { return nil }
        self.init(privateKey: key, now: now)
        state.locked { state in
            state.transactionCounter = snapshot.transactionCounter
            state.signatureCounter = snapshot.signatureCounter
            state.isDown = snapshot.isDown
            for open in snapshot.openTransactions {
                state.transactions[open.number] = OpenTransaction(clientID: open.clientID, startTime: open.startTime)
            }
            for client in snapshot.clients ?? [] {
                state.clients[client.id] = client.registeredAt
            }
        }
    }

    /// The TSE's state now. Finished transactions are left out: nothing can be signed for them again.
    public func snapshot() -> Snapshot {
        state.locked { state in
            Snapshot(privateKey: key.scalar, transactionCounter: state.transactionCounter,
                     signatureCounter: state.signatureCounter,
                     openTransactions: state.transactions.filter { !$0.value.finished }
                         .map { Snapshot.Transaction(number: $0.key, clientID: $0.value.clientID, startTime: $0.value.startTime) }
                         .sorted { $0.number < $1.number },
                     isDown: state.isDown, clients: Self.clients(in: state))
        }
    }

    // MARK: - Identity

    /// The public key, base64 (what receipts, the QR code and Stamm_TSE carry).
    public var publicKeyBase64: String { publicKey.base64EncodedString() }

    /// The serial number: SHA-256 of ``publicKey``.
    public var serialNumber: Data { SHA256Digest.hash(publicKey) }

    /// The serial number in lower-case hex (fiskaly's `serial_number`, DSFinV-K `TSE_SERIAL`).
    public var serialNumberHex: String { serialNumber.map { String(format: "%02x", $0) }.joined() }

    // MARK: - Clients

    /// The clients the TSE knows, oldest first.
    public var clients: [Client] { state.locked { Self.clients(in: $0) } }

    /// Registers a client (a register's serial number); registering a known client again changes nothing.
    /// A TSE serves several clients: each register of a shop is its own client, and a register whose id changes
    /// becomes a new client beside the old one.
    @discardableResult
    public func registerClient(_ id: String) throws(Failure) -> Client {
        try state.locked { (state) throws(Failure) -> Client in
            guard !state.isDown else { throw .down }
            return Self.register(id, in: &state, at: wholeSeconds(now()))
        }
    }

    @discardableResult
    private static func register(_ id: String, in state: inout State, at time: Date) -> Client {
        if let known = state.clients[id] { return Client(id: id, registeredAt: known) }
        state.clients[id] = time
        return Client(id: id, registeredAt: time)
    }

    private static func clients(in state: State) -> [Client] {
        state.clients.map { Client(id: $0.key, registeredAt: $0.value) }
            .sorted { ($0.registeredAt, $0.id) < ($1.registeredAt, $1.id) }
    }

    // MARK: - Counters and the outage switch

    /// The last transaction number handed out (0 before the first).
    public var transactionCounter: Int { state.locked { $0.transactionCounter } }
    /// The last signature counter used (0 before the first log).
    public var signatureCounter: Int { state.locked { $0.signatureCounter } }

    /// When true every call throws ``Failure/down``.
    public var isDown: Bool {
        get { state.locked { $0.isDown } }
        set { state.locked { $0.isDown = newValue } }
    }

    /// When transaction `number` started, if it exists.
    public func startTime(ofTransaction number: Int) -> Date? {
        state.locked { $0.transactions[number]?.startTime }
    }

    // MARK: - Transactions (TR-03151)

    /// StartTransaction: a new transaction number and a signed log. A client the TSE does not know yet is
    /// registered by its first transaction (the simulator never refuses a register it has not seen).
    public func startTransaction(clientID: String, processType: String = "", processData: Data = Data())
        throws(Failure) -> Log {
        try sign { (state) throws(Failure) -> TSELogMessage in
            state.transactionCounter += 1
            let number = state.transactionCounter
            let time = wholeSeconds(now())
            Self.register(clientID, in: &state, at: time)
            state.transactions[number] = OpenTransaction(clientID: clientID, startTime: time)
            return message(.start, clientID: clientID, number: number, processType: processType,
                           processData: processData, time: time)
        }
    }

    /// UpdateTransaction: a signed log for an open transaction.
    public func updateTransaction(number: Int, clientID: String, processType: String, processData: Data)
        throws(Failure) -> Log {
        try sign { (state) throws(Failure) -> TSELogMessage in
            try Self.checkOpen(number, clientID: clientID, in: state)
            return message(.update, clientID: clientID, number: number, processType: processType,
                           processData: processData, time: wholeSeconds(now()))
        }
    }

    /// FinishTransaction: the last signed log of a transaction; it cannot be changed afterwards.
    public func finishTransaction(number: Int, clientID: String, processType: String, processData: Data)
        throws(Failure) -> Log {
        try sign { (state) throws(Failure) -> TSELogMessage in
            try Self.checkOpen(number, clientID: clientID, in: state)
            state.transactions[number]?.finished = true
            return message(.finish, clientID: clientID, number: number, processType: processType,
                           processData: processData, time: wholeSeconds(now()))
        }
    }

    /// Whether `signature` over `message` verifies with this TSE's public key.
    public func verify(_ log: Log) -> Bool {
        Self.verify(log.message, publicKey: publicKey)
    }

    /// Whether a log message's signature verifies with a public key (uncompressed point).
    public static func verify(_ message: TSELogMessage, publicKey: Data) -> Bool {
        P384SigningKey.isValid(signature: message.signatureValue, for: message.dataToBeSigned, publicKey: publicKey)
    }

    // MARK: - Private

    /// Runs `build` under the lock with the next signature counter, then signs the message.
    private func sign(_ build: (inout State) throws(Failure) -> TSELogMessage) throws(Failure) -> Log {
        var message = try state.locked { (state) throws(Failure) -> TSELogMessage in
            guard !state.isDown else { throw .down }
            var message = try build(&state)
            state.signatureCounter += 1
            message.signatureCounter = state.signatureCounter
            return message
        }
        message.signatureValue = key.signature(for: message.dataToBeSigned)
        return Log(message: message)
    }

    private func message(_ operation: TSELogMessage.Operation, clientID: String, number: Int, processType: String,
                         processData: Data, time: Date) -> TSELogMessage {
        TSELogMessage(operation: operation, clientID: clientID, processData: processData, processType: processType,
                      transactionNumber: number, serialNumber: serialNumber, signatureCounter: 0,
                      logTime: Int(time.timeIntervalSince1970))
    }

    private static func checkOpen(_ number: Int, clientID: String, in state: State) throws(Failure) {
        guard let transaction = state.transactions[number] else { throw .unknownTransaction(number) }
        guard transaction.clientID == clientID else { throw .wrongClient(number) }
        guard !transaction.finished else { throw .transactionFinished(number) }
    }

    private func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
