import ArgumentParser
import Foundation
import Hardware
import Localization
import POSFoundation
import Yosemite

/// `pos reader resolve`: asks the terminal about unresolved card attempts and records what it finds, once; or,
/// with `--attempt`, closes one by hand after checking the terminal's journal.
struct ReaderResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: L10n.tr("cli.readerResolve.abstract"),
        discussion: """
            Exit code 13 while an attempt stays unresolved; 15 while an operation holds the reader (its attempt is \
            live: it settles itself when that operation ends, so it is never resolved here, by hand or otherwise).
            """
    )

    @OptionGroup var data: DataDirectoryOptions
    @Option(help: .tr("cli.common.reader.help")) var reader: String?
    @Option(help: .tr("cli.readerResolve.attempt.help")) var attempt: String?
    @Flag(help: .tr("cli.readerResolve.charged.help")) var charged = false
    @Flag(name: .customLong("not-charged"), help: .tr("cli.readerResolve.notCharged.help")) var notCharged = false
    @Option(help: .tr("cli.readerResolve.note.help")) var note = ""

    func validate() throws {
        if attempt != nil, charged == notCharged { throw ValidationError(L10n.tr("cli.invalid.readerResolve.1")) }
        if attempt == nil, charged || notCharged { throw ValidationError(L10n.tr("cli.invalid.readerResolve.2")) }
    }

    @MainActor
    func run() async throws {
        let attempts = try await OrderCommandSupport.withStores(data: data) { manager, _ in
            do {
                if let attempt {
                    let charged = charged, note = note
                    let one = try await manager.dispatch {
                        CardPresentPaymentAction.markResolvedByHand(attemptId: attempt, charged: charged, note: note, reply: $0)
                    }
                    return [one]
                }
                let pending = try await manager.dispatch { CardPresentPaymentAction.loadUnresolved(reply: $0) }
                if pending.isEmpty { return [] }
                let chosen = await CardCommandSupport.reader(reader ?? pending.first?.reader, manager: manager)
                return try await manager.dispatch {
                    CardPresentPaymentAction.resolveUnknownOutcomes(reader: chosen, reply: $0)
                }
            } catch let error as CardPaymentError {
                throw CardCommandSupport.fail(error)
            }
        }
        if attempts.isEmpty { Console.out("No unresolved card attempts.") }
        var unresolved = 0
        for attempt in attempts {
            let what: String
            switch attempt.outcome {
            case .approved(let result): what = "approved (receipt \(result.receiptNumber.map(String.init) ?? "-")); recorded once"
            case .notCharged: what = "not charged; closed"
            case .stillUnknown(let reason):
                unresolved += 1
                what = "still unknown: \(reason)"
            case .inProgress(let holder):
                what = "in progress (\(holder.map { "process \($0.pid)" } ?? "another process")); it settles itself"
            }
            Console.out("\(attempt.attemptId) \(attempt.amount.decimalString) on \(attempt.reader): \(what)")
        }
        if unresolved > 0 {
            FileHandle.standardError.write(Data(
                "Check the terminal's journal, then: pos reader resolve --attempt ID --charged|--not-charged\n".utf8))
            throw ExitStatus.outcomeUnknown.exitCode
        }
    }
}
