import ArgumentParser
import Foundation
import Hardware
import POSFoundation

/// Connects a one-shot ``DefaultCardReaderService`` for a reader subcommand and maps failures to exit codes.
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

    /// Runs a payment-like stream: prompts to stderr as they arrive, the result to stdout.
    static func run(
        _ stream: AsyncThrowingStream<PaymentProgress, any Error>, json: Bool
    ) async throws {
        do {
            for try await step in stream {
                switch step {
                case .prompt(let prompt):
                    FileHandle.standardError.write(Data(("terminal: \(prompt.text)\n").utf8))
                case .printLine:
                    break
                case .completed(let result):
                    try ReaderOutput.print(result, json: json)
                case .outcomeUnknown(let unknown):
                    try ReaderOutput.print(unknown, json: json)
                    throw ExitStatus.outcomeUnknown.exitCode
                }
            }
        } catch let error as CardReaderError {
            if json { try Console.json(ReaderOutput.FailureReport(error)) }
            Console.error(error)
            switch error.underlying {
            case .declined, .aborted, .rejected: throw ExitStatus.declined.exitCode
            default: throw ExitStatus.readerUnavailable.exitCode
            }
        }
    }

    /// Parses an amount like `12.50` in a currency.
    static func money(_ text: String, currency code: String) throws -> Money {
        do {
            return try Money(parsing: text, currency: Currency(code: code.uppercased()))
        } catch {
            Console.error("not an amount: \(text)")
            throw ExitStatus.usage.exitCode
        }
    }
}
