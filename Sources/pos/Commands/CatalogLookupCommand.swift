import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Yosemite

/// `pos catalog lookup CODE`: the product or variation with this SKU or barcode (GTIN/EAN/UPC).
struct CatalogLookupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: L10n.tr("cli.catalogLookup.abstract"),
        discussion: L10n.tr("cli.catalogLookup.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions

    @Argument(help: .tr("cli.catalogLookup.code.help"))
    var code: String

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func run() async throws {
        try await Self.lookup(code: code, directory: try data.resolve(), json: json)
    }

    @MainActor
    static func lookup(code: String, directory: URL, json: Bool) async throws {
        let manager = try await CatalogSession.openOrDemo(directory: directory)
        let settings = await CatalogSession.settings(manager)
        do {
            let item = try await manager.dispatch { ProductAction.lookup(code: code, reply: $0) }
            let report = CatalogItemReport(item, settings: settings)
            if json { try Console.json(report) } else { Console.out(report.line) }
        } catch let error as CatalogError {
            Console.error(error)
            throw CatalogSession.exitStatus(error).exitCode
        }
    }
}
