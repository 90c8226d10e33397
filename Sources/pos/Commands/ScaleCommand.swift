import ArgumentParser
import Foundation
import Hardware
import HardwareLinux
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
        discussion: """
            Prints weight, price per kilogram and price on one line, e.g. \
            1.234 kg x 12.99 EUR/kg = 16.03 EUR. Exits 1 when the scale gives no sellable weight (zero, unstable, \
            under zero, overloaded, no answer), 64 for a bad address or price.
            """
    )

    @Argument(help: .tr("cli.scaleWeigh.address.help"))
    var address: String
    @Option(help: .tr("cli.scaleWeigh.unitPrice.help")) var unitPrice: String
    @Option(help: .tr("cli.scaleWeigh.currency.help")) var currency: String = "EUR"

    func run() async throws {
        let parsedAddress: DeviceAddress
        let price: Money
        do {
            parsedAddress = try DeviceAddress(address, expecting: .scale)
            price = try Money(parsing: unitPrice, currency: Currency(code: currency.uppercased()))
        } catch let error as TransportError {
            Console.error("The scale address \(address) is not usable (\(error.underlying ?? "malformed")); "
                + "write it like scale+serial:///dev/ttyUSB2, optionally with ?line=9600,7E1.")
            throw ExitStatus.usage.exitCode
        } catch {
            Console.error(L10n.tr("cli.error.scale.price", ["unitPrice": "\(unitPrice)"]))
            throw ExitStatus.usage.exitCode
        }
        let scale = Toledo8217Scale(
            transport: TTYTransport(path: parsedAddress.path, settings: parsedAddress.settings), address: parsedAddress
        )
        do {
            let weight = try await scale.weigh()
            await scale.close()
            Console.out(WeighedLine(weight, unitPrice: price).description)
        } catch {
            await scale.close()
            Console.error(error)
            throw ExitStatus.failure.exitCode
        }
    }
}
