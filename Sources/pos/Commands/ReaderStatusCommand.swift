import ArgumentParser
import Composition
import Hardware
import HardwareLinux
import Localization
import POSFoundation
import Yosemite

/// `pos reader status`: whether the terminal answers and is ready.
struct ReaderStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: L10n.tr("cli.readerStatus.abstract"))

    @Option(help: .tr("cli.reader.operation.reader.help")) var reader: String?
    @OptionGroup var data: DataDirectoryOptions
    @Flag(help: .tr("cli.common.json.help")) var json = false

    func run() async throws {
        let service = try await ReaderSession.connect(try await Self.address(reader, data: data), currency: .eur)
        try await ReaderSession.report(json: json) { () async throws(CardReaderError) in try await service.status() }
        await service.disconnect()
    }

    /// `--reader`, else the reader a sale would pay on (``ReaderChoice``: the last one used, else the demo's
    /// `sim://`), as `pos reader pay` and `pos sell --pay card` choose it; none: exit `readerUnavailable`, saying how.
    @MainActor
    static func address(_ given: String?, data: DataDirectoryOptions) async throws -> String {
        if let given { return given }
        let manager = try LiveSession.open(try data.resolve())
        if let chosen = await CardCommandSupport.reader(nil, manager: manager) { return chosen }
        Console.error(CardPaymentError.noReader)
        throw ExitStatus.readerUnavailable.exitCode
    }
}

/// `pos reader list`: the readers this counter knows of.
struct ReaderListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: L10n.tr("cli.readerStatus.2.abstract"))

    @Option(help: .tr("cli.readerList.reader.help")) var reader: [String] = []
    @Flag(help: .tr("cli.common.json.help")) var json = false

    func run() async throws {
        var readers: [String] = []
        for text in reader {
            do { readers.append(try ReaderAddress(text).description) } catch {
                Console.error(error)
                throw ExitStatus.usage.exitCode
            }
        }
        var discovered: [[String: String]] = []
        switch await LiveReaderTransports.discoveredTerminals() {
        case .success(let terminals):
            discovered = terminals.map { ["address": $0.address.description, "name": $0.model.name, "device": $0.device.description] }
        case .failure(let error):
            Console.error(L10n.tr("cli.error.usbDiscovery", ["error": "\(error)"]))
        }
        let configured = readers.map { ["address": $0, "name": "configured"] }
        if json { return try Console.json(discovered + configured) }
        if discovered.isEmpty && configured.isEmpty {
            Console.out(L10n.tr("cli.readerList.out.none"))
            Console.out(L10n.tr("cli.readerList.out.lan"))
        }
        for entry in discovered + configured {
            Console.out("\(entry["address"] ?? "")  \(entry["name"] ?? "")  \(entry["device"] ?? "")")
        }
    }
}

extension ReaderSession {
    /// Runs a report operation and prints it, mapping failures to exit codes.
    static func report(json: Bool, _ body: () async throws(CardReaderError) -> TerminalReport) async throws {
        let report: TerminalReport
        do { report = try await body() } catch {
            Console.error(error)
            throw ExitStatus.readerUnavailable.exitCode
        }
        try ReaderOutput.print(report, json: json)
    }
}
