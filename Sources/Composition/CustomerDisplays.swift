import Foundation
import Hardware
import HardwareLinux
import Localization
import Logging
import POSFoundation
import Yosemite

/// The counter's customer-facing displays, fed by one stream (``StoresManager/customerDisplay()``): the socket
/// `pos display` connects to (JSON lines of ``CustomerDisplayState``), and a serial pole display. Each is
/// optional, as the app settings say; the counter process runs them, since GRDB's observation sees only the
/// commits of its own process.
public final class CustomerDisplays: Sendable {
    /// The socket's file name in the data directory.
    public static let socketName = "customer-display.sock"

    private let server: UnixLineServer?
    private let task: Task<Void, Never>

    private init(server: UnixLineServer?, task: Task<Void, Never>) {
        self.server = server
        self.task = task
    }

    /// The socket path of a data directory.
    public static func socketPath(dataDirectory: URL) -> String {
        dataDirectory.appendingPathComponent(socketName).path
    }

    /// Starts what the settings ask for; `nil` when they ask for neither display. Problems (a socket another
    /// counter serves, a pole display that cannot be opened) are logged and the counter sells on. The pole
    /// display writes amounts in the store's money format; both displays speak `language`, the paper language (as the
    /// receipt does: they face the customer, not the cashier).
    @MainActor
    public static func start(stores: StoresManager, settings: AppSettings, moneyFormat: MoneyFormat, language: Language,
                             storeName: String? = nil, dataDirectory: URL, logger: Logger) -> CustomerDisplays? {
        var server: UnixLineServer?
        if settings.servesCustomerDisplay {
            let candidate = UnixLineServer(path: socketPath(dataDirectory: dataDirectory))
            do throws(TransportError) {
                try candidate.start()
                server = candidate
            } catch {
                logger.warning("customer display: not served (\(error.message))")
            }
        }
        var pole: PoleDisplay?
        if let text = settings.poleDisplayAddress {
            do throws(TransportError) {
                let address = try DeviceAddress(text, expecting: .display)
                pole = PoleDisplay(transport: LiveDeviceTransports.transport(for: address), address: address,
                                   encoder: PoleDisplayEncoder(moneyFormat: moneyFormat, texts: PoleDisplayTexts(.of(language))))
            } catch {
                logger.warning("pole display: \(text) is not usable (\(error.on(.poleDisplay).message))")
            }
        }
        guard server != nil || pole != nil else { return nil }
        let states = stores.customerDisplay()
        let task = Task { [server, pole] in
            await feed(states, language: language, storeName: storeName, moneyFormat: moneyFormat, server: server, pole: pole,
                       logger: logger)
        }
        return CustomerDisplays(server: server, task: task)
    }

    /// Sends each state to the socket's clients and the pole display, in order, until the stream ends.
    static func feed(_ states: AsyncStream<CustomerDisplayState>, language: Language, storeName: String? = nil,
                     moneyFormat: MoneyFormat? = nil, server: UnixLineServer?, pole: PoleDisplay?, logger: Logger) async {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var poleFailed = false
        let strings = Strings.of(language)
        for await var state in states {
            state.language = language
            state.storeName = storeName
            state.moneyFormat = moneyFormat
            if let server, let data = try? encoder.encode(state) {
                server.publish(String(decoding: data, as: UTF8.self))
            }
            if let pole {
                do throws(TransportError) {
                    try await pole.show(state.poleDisplay(strings: strings))
                    poleFailed = false
                } catch {
                    // Logged once per outage; the next state opens the line again.
                    if !poleFailed {
                        let line = error.on(.poleDisplay)
                        logger.warning("pole display: \(line.message) \(line.recoverySuggestion)")
                    }
                    poleFailed = true
                }
            }
        }
        await pole?.close()
    }

    /// Stops serving and feeding.
    public func stop() {
        task.cancel()
        server?.stop()
    }
}
