import CCups
import Foundation
import Hardware

/// One connection to a CUPS scheduler through libcups, opened per operation and closed after it.
///
/// Opening the connection is the reachability check that tells "cupsd is down" apart from "no such queue"
/// (libcups reports both as the same error once a job is submitted; reference/linux-stack.md §5).
/// Every libcups call of one operation happens in one synchronous stretch, so libcups's per-thread error state
/// is read on the thread that set it.
struct CUPSConnection: ~Copyable {
    let http: OpaquePointer

    /// Connects to `server` (a host, `host:port` or a domain socket path), or to libcups's default
    /// (`CUPS_SERVER`, client.conf, `/run/cups/cups.sock`).
    init(server: String?) throws(PrinterError) {
        let host = server ?? String(cString: cupsServer())
        var hostname = host
        var port = ippPort()
        if !host.hasPrefix("/"), let colon = host.lastIndex(of: ":"), let parsed = Int32(host[host.index(after: colon)...]) {
            hostname = String(host[..<colon])
            port = parsed
        }
        guard let http = httpConnect2(hostname, port, nil, AF_UNSPEC, cupsEncryption(), 1, 5_000, nil) else {
            throw .schedulerUnavailable
        }
        self.http = http
    }

    deinit { httpClose(http) }

    /// Every queue with its state; throws ``PrinterError/schedulerUnavailable`` when cupsd does not answer.
    func destinations() throws(PrinterError) -> [PrinterDescription] {
        var dests: UnsafeMutablePointer<cups_dest_t>?
        let count = cupsGetDests2(http, &dests)
        defer { cupsFreeDests(count, dests) }
        if count == 0, cupsLastError() == IPP_STATUS_ERROR_SERVICE_UNAVAILABLE { throw .schedulerUnavailable }
        guard let dests else { return [] }
        return (0..<Int(count)).compactMap { index in
            let dest = dests[index]
            guard dest.instance == nil else { return nil }
            return Self.describe(dest)
        }
    }

    /// One queue (the default one when `name` is nil), or nil when there is none by that name.
    func destination(named name: String?) -> PrinterDescription? {
        guard let dest = cupsGetNamedDest(http, name, nil) else { return nil }
        defer { cupsFreeDests(1, dest) }
        return Self.describe(dest.pointee)
    }

    /// The queue as the app describes it.
    static func describe(_ dest: cups_dest_t) -> PrinterDescription {
        func option(_ key: String) -> String? {
            cupsGetOption(key, dest.num_options, dest.options).map { String(cString: $0) }
        }
        let state: PrinterState = switch option("printer-state") {
        case "4": .processing
        case "5": .stopped
        default: .idle
        }
        let reasons = (option("printer-state-reasons") ?? "none").split(separator: ",").map(String.init)
        let makeAndModel = option("printer-make-and-model") ?? ""
        // A queue made without a driver (lpadmin -m raw, or no -m) passes bytes through unchanged.
        let isRaw = makeAndModel.isEmpty || makeAndModel.localizedCaseInsensitiveContains("raw")
        return PrinterDescription(
            name: String(cString: dest.name),
            info: option("printer-info").flatMap { $0.isEmpty ? nil : $0 },
            state: state,
            stateReasons: reasons,
            isAcceptingJobs: option("printer-is-accepting-jobs") != "false",
            isRaw: isRaw,
            isDefault: dest.is_default != 0
        )
    }

    /// The last libcups error, for messages; `nil` when the last call succeeded.
    static func lastError() -> (status: ipp_status_t, text: String)? {
        let status = cupsLastError()
        guard status.rawValue > IPP_STATUS_OK_EVENTS_COMPLETE.rawValue else { return nil }
        return (status, cupsLastErrorString().map { String(cString: $0) } ?? "error \(status.rawValue)")
    }
}
