import ArgumentParser
import Composition
import Foundation
import Hardware
import Localization
import POSFoundation

/// Connects a one-shot ``DefaultCardReaderService`` for the reader subcommands that move no money (`status`) and
/// maps failures to exit codes. Money-moving ones are journalled through ``CardCommandSupport/terminalOperation``.
enum ReaderSession {
    /// Parses the address and connects; prints the error and exits with `readerUnavailable` or `usage` on failure.
    static func connect(_ text: String, currency: Currency) async throws -> DefaultCardReaderService {
        let address: ReaderAddress
        do { address = try ReaderAddress(text) } catch {
            Console.error(error)
            throw ExitStatus.usage.exitCode
        }
        let service = DefaultCardReaderService(
            makeTransport: { address in try LiveReaderTransports.transport(for: address) }, currency: currency
        )
        do {
            _ = try await service.connect(address)
        } catch {
            Console.error(error)
            throw ExitStatus.readerUnavailable.exitCode
        }
        return service
    }

    /// Parses an amount like `12,50` or `12.50` in a currency (the one parser of typed amounts, with the screen's
    /// separators: a reader on its own has no store).
    static func money(_ text: String, currency code: String) throws -> Money {
        try AmountArgument.parse(text, currency: Currency(code: code.uppercased()), separators: AmountArgument.screenSeparators) {
            L10n.tr("cli.error.notAnAmount", ["text": "\(text)"])
        }
    }
}
