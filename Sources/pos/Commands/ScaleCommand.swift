import ArgumentParser
import Composition
import Foundation
import Hardware
import Localization
import POSFoundation

/// `pos scale weigh ADDRESS`: reads one stable weight from an 8217 scale and prices it as the checkout does.
struct ScaleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: L10n.tr("cli.scale.abstract"),
        subcommands: [ScaleWeighCommand.self]
    )
}

struct ScaleWeighCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weigh",
        abstract: L10n.tr("cli.scale.2.abstract"),
        discussion: L10n.tr("cli.scaleWeigh.discussion")
    )

    @Argument(help: .tr("cli.scaleWeigh.address.help"))
    var address: String
    @Option(help: .tr("cli.scaleWeigh.unitPrice.help")) var unitPrice: String
    @Option(help: .tr("cli.scaleWeigh.currency.help")) var currency: String = "EUR"
    @Flag(help: .tr("cli.common.json.help")) var json = false

    /// The `--json` shape: the weight in grams, net or gross, and the prices as decimal strings in `currency`.
    struct Report: Encodable {
        var grams: Int
        var net: Bool
        var unitPrice: String
        var price: String
        var currency: String
    }

    func run() async throws {
        let parsedAddress: DeviceAddress
        let price: Money
        price = try AmountArgument.parse(unitPrice, currency: Currency(code: currency.uppercased()),
                                         separators: AmountArgument.screenSeparators) {
            L10n.tr("cli.error.scale.price", ["unitPrice": "\(unitPrice)"])
        }
        do {
            parsedAddress = try DeviceAddress(address, expecting: .scale)
        } catch {
            Console.error(L10n.tr("cli.scale.error.address", [
                "address": address, "reason": error.underlying ?? L10n.tr("cli.scale.error.malformed"),
            ]))
            throw ExitStatus.usage.exitCode
        }
        let scale = Toledo8217Scale(
            transport: LiveDeviceTransports.transport(for: parsedAddress), address: parsedAddress
        )
        let line: WeighedLine
        do {
            let weight = try await scale.weigh()
            await scale.close()
            line = WeighedLine(weight, unitPrice: price)
        } catch {
            await scale.close()
            Console.error(error)
            throw ExitStatus.failure.exitCode
        }
        if json {
            return try Console.json(Report(grams: line.grams, net: line.isNet, unitPrice: line.unitPrice.decimalString,
                                           price: line.price.decimalString, currency: line.price.currency.code))
        }
        Console.out(line.text(separators: AmountArgument.screenSeparators))
    }
}
