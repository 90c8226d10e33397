import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Yosemite

/// `pos catalog search TEXT`: products whose name or SKU has words starting with the words typed.
struct CatalogSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: L10n.tr("cli.catalogSearch.abstract")
    )

    @OptionGroup var data: DataDirectoryOptions

    @Argument(help: .tr("cli.catalogSearch.text.help"))
    var text: String

    @Option(help: .tr("cli.common.limit.help"))
    var limit = 20

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError(L10n.tr("cli.invalid.limit")) }
    }

    func run() async throws {
        try await Self.search(text: text, limit: limit, directory: try data.resolve(), json: json)
    }

    @MainActor
    static func search(text: String, limit: Int, directory: URL, json: Bool) async throws {
        let manager = try await CatalogSession.openOrDemo(directory: directory)
        let settings = await CatalogSession.settings(manager)
        do {
            let products = try await manager.dispatch {
                ProductAction.search(text: text, limit: limit, reply: $0)
            }
            let reports = products.map { CatalogItemReport(.product($0), settings: settings) }
            if json {
                try Console.json(reports)
            } else if reports.isEmpty {
                Console.out(L10n.tr("cli.catalogSearch.out.none", ["text": text]))
            } else {
                reports.forEach { Console.out($0.line) }
            }
        } catch let error as CatalogError {
            Console.error(error)
            throw CatalogSession.exitStatus(error).exitCode
        }
    }
}
