import ArgumentParser
import Foundation
import Localization
import Yosemite

/// `pos customers search TEXT`: the store's customers from the local copy (offline), by name, e-mail, phone or
/// customer number; the number is what `pos sell --customer` and the counter's F6 attach.
struct CustomersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "customers",
        abstract: L10n.tr("cli.customers.abstract"),
        subcommands: [Search.self]
    )

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: L10n.tr("cli.customers.2.abstract"),
            discussion: L10n.tr("cli.customers.search.discussion")
        )

        @OptionGroup var data: DataDirectoryOptions

        @Argument(help: .tr("cli.customers.search.text.help"))
        var text: String

        @Option(help: .tr("cli.common.limit.help"))
        var limit = 20

        @Flag(help: .tr("cli.common.json.help"))
        var json = false

        func validate() throws {
            guard limit > 0 else { throw ValidationError(L10n.tr("cli.invalid.limit")) }
        }

        @MainActor func run() async throws {
            let text = text, limit = limit
            let found = try await OrderCommandSupport.withStores(data: data) { manager, _ in
                try await manager.dispatch { CustomerAction.search(text: text, limit: limit, reply: $0) }
            }
            if json {
                try Console.json(found.map(CustomerReport.init))
            } else if found.isEmpty {
                Console.out(L10n.tr("cli.out.customers.none", ["text": text]))
            } else {
                for customer in found {
                    Console.out("#\(customer.id)  \(customer.displayName)\(customer.detail.isEmpty ? "" : "  \(customer.detail)")")
                }
            }
        }
    }
}

/// The `--json` shape of a customer. Stable: scripts read it.
struct CustomerReport: Encodable {
    var id: Int64
    var name: String
    var firstName: String
    var lastName: String
    var email: String
    var phone: String
    var city: String

    init(_ customer: CustomerSummary) {
        id = customer.id
        name = customer.displayName
        firstName = customer.firstName
        lastName = customer.lastName
        email = customer.email
        phone = customer.phone
        city = customer.city
    }
}
