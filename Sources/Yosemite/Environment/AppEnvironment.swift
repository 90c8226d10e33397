import Foundation
import Hardware
import Logging
import Networking
import POSFoundation
import Storage

/// Everything the stores use from the outside world, injected once.
///
/// Built live only in the `pos` executable (`AppEnvironment.live(dataDirectory:)` there) and from doubles in
/// tests. No store reaches for a singleton.
public struct AppEnvironment: Sendable {
    /// Measures durations and timeouts (a `ManualClock` in tests).
    public var clock: any Clock<Duration>
    /// Wall-clock time for what people read: sale times, receipts.
    public var now: DateGenerator
    /// Client UUIDs for local records.
    public var uuid: UUIDGenerator
    /// Where this counter keeps its data: the database, credentials, settings files, receipts.
    public var dataDirectory: URL
    /// The local database.
    public var database: AppDatabase
    /// Small settings files (credentials, app settings), written atomically.
    public var files: FileStorage
    /// Makes the network a store's remotes talk through, for a site's credentials.
    public var makeNetwork: @Sendable (Credentials) -> any Network
    /// The logger; card data, passwords and tokens are never given to it.
    public var logger: Logger
    /// The printers receipts go to (CUPS live, with a folder of files as fallback).
    public var printers: PrinterSystem
    /// Makes the card-reader service for the store's currency (live drivers in pos, the in-process simulator in
    /// tests); called once per ``CardPresentPaymentsStore``.
    public var makeCardReaderService: @Sendable (Currency) -> any CardReaderService
    /// The TSE the checkout signs with (German fiscal law), for a demo or a real store: `nil` where none is
    /// configured (the default), the persistent simulated TSE in the demo store, fiskaly where it is set up.
    public var makeFiscalSigner: @Sendable (FiscalMode) -> (any FiscalSigner)?
    /// How often the checkout tries the TSE while an outage is open (one per process, shared by its copies).
    public var fiscalProbe: FiscalOutageProbe
    /// Tells when payment terminals are plugged in and pulled out (udev in pos, a double in tests); `nil` where
    /// none is watched. Started by the session's event stream when something subscribes to it.
    public var deviceMonitor: (any DeviceMonitor)?
    /// Opens a store-floor device's serial line (a scale, a pole display): a TTY in pos, a pty or a double in
    /// tests. The default has none: every address is refused.
    public var makeSerialTransport: @Sendable (DeviceAddress) -> any ByteTransport
    /// The scrypt parameters a new or changed cashier PIN is hashed with (a PIN is checked with its own row's).
    /// ``PinHasher/Parameters/standard`` unless set: the in-process tests set a cheaper cost, since hundreds of PINs
    /// are hashed in a run.
    public var pinHashing = PinHasher.Parameters.standard

    public init(
        clock: any Clock<Duration>,
        now: DateGenerator,
        uuid: UUIDGenerator,
        dataDirectory: URL,
        database: AppDatabase,
        files: FileStorage,
        makeNetwork: @escaping @Sendable (Credentials) -> any Network,
        logger: Logger,
        printers: PrinterSystem = .unavailable,
        makeCardReaderService: @escaping @Sendable (Currency) -> any CardReaderService = AppEnvironment.noCardReaders,
        makeFiscalSigner: @escaping @Sendable (FiscalMode) -> (any FiscalSigner)? = { _ in nil },
        fiscalProbe: FiscalOutageProbe = FiscalOutageProbe(),
        deviceMonitor: (any DeviceMonitor)? = nil,
        makeSerialTransport: @escaping @Sendable (DeviceAddress) -> any ByteTransport = AppEnvironment.noSerialLines
    ) {
        self.makeSerialTransport = makeSerialTransport
        self.deviceMonitor = deviceMonitor
        self.fiscalProbe = fiscalProbe
        self.makeCardReaderService = makeCardReaderService
        self.makeFiscalSigner = makeFiscalSigner
        self.clock = clock
        self.now = now
        self.uuid = uuid
        self.dataDirectory = dataDirectory
        self.database = database
        self.files = files
        self.makeNetwork = makeNetwork
        self.logger = logger
        self.printers = printers
    }
}

extension AppEnvironment {
    /// A card-reader service that cannot open any reader (the default where none is configured).
    public static let noCardReaders: @Sendable (Currency) -> any CardReaderService = { currency in
        DefaultCardReaderService(makeTransport: { address in
            throw TransportError(.invalidAddress, endpoint: address.description, underlying: "no card readers in this environment")
        }, currency: currency)
    }

    /// No serial lines: every store-floor device address fails to open (the default where none is configured).
    public static let noSerialLines: @Sendable (DeviceAddress) -> any ByteTransport = { address in
        UnavailableTransport(endpointDescription: address.description)
    }

    /// File names inside the data directory.
    public enum FileName {
        /// The site address, user name and application password: mode 0600.
        public static let credentials = "credentials.json"
        /// App settings that outlive a logout (printer, receipt width, reader).
        public static let appSettings = "app-settings.json"
        /// The database.
        public static let database = "pos.sqlite"
        /// The demo store's simulated TSE (its key, counters and outage switch).
        public static let tseSimulator = "tse-simulator.json"
    }

    /// The URL of a file in the data directory.
    public func file(_ name: String) -> URL {
        dataDirectory.appendingPathComponent(name, isDirectory: false)
    }

    /// The counter's app settings (`app-settings.json`), the defaults when the file is missing or unreadable: the
    /// one read every store and service shares (``AppSettingsStore`` reports a read failure instead).
    func appSettings() -> AppSettings {
        (try? files.read(AppSettings.self, from: file(FileName.appSettings))).flatMap { $0 } ?? AppSettings()
    }
}

/// A line that cannot be opened: the serial transport of an environment without serial devices.
struct UnavailableTransport: ByteTransport {
    let endpointDescription: String

    func open() async throws(TransportError) {
        throw TransportError(.notFound, endpoint: endpointDescription, underlying: "no serial lines in this environment")
    }

    func write(_ bytes: [UInt8]) async throws(TransportError) {
        throw TransportError(.closed, endpoint: endpointDescription)
    }

    func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        throw TransportError(.closed, endpoint: endpointDescription)
    }

    func close() async {}
}
