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
        discussion: L10n.tr("cli.readerResolve.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions
    @Option(help: .tr("cli.common.reader.help")) var reader: String?
    @Option(help: .tr("cli.readerResolve.attempt.help")) var attempt: String?
    @Flag(help: .tr("cli.readerResolve.charged.help")) var charged = false
    @Flag(name: .customLong("not-charged"), help: .tr("cli.readerResolve.notCharged.help")) var notCharged = false
    @Option(help: .tr("cli.readerResolve.note.help")) var note = ""
    @Flag(help: .tr("cli.common.json.help")) var json = false

    /// The `--json` shape of one attempt: its id, amount (a decimal string in `currency`), reader, and its outcome
    /// as a code ("approved" with the terminal's receipt number, "notCharged", "unknown", "inProgress"). Stable.
    struct AttemptReport: Encodable {
        var attemptId: String
        var orderId: Int64?
        var amount: String
        var currency: String
        var reader: String
        var outcome: String
        var receiptNumber: Int?
    }

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
        if json {
            try Console.json(attempts.map { attempt in
                var report = AttemptReport(attemptId: "\(attempt.attemptId)", orderId: attempt.orderId, amount: attempt.amount.decimalString,
                                           currency: attempt.amount.currency.code, reader: "\(attempt.reader)", outcome: "")
                switch attempt.outcome {
                case .approved(let result): (report.outcome, report.receiptNumber) = ("approved", result.receiptNumber)
                case .notCharged: report.outcome = "notCharged"
                case .stillUnknown: report.outcome = "unknown"
                case .inProgress: report.outcome = "inProgress"
                }
                return report
            })
            let unresolved = attempts.contains { if case .stillUnknown = $0.outcome { true } else { false } }
            if unresolved { throw ExitStatus.outcomeUnknown.exitCode }
            return
        }
        if attempts.isEmpty { Console.out(L10n.tr("cli.readerResolve.out.none")) }
        var unresolved = 0
        for attempt in attempts {
            let what: String
            switch attempt.outcome {
            case .approved(let result): what = L10n.tr("cli.readerResolve.out.approved", ["receipt": result.receiptNumber.map(String.init) ?? "-"])
            case .notCharged: what = L10n.tr("cli.readerResolve.out.notCharged")
            case .stillUnknown(let reason):
                unresolved += 1
                what = L10n.tr("cli.readerResolve.out.unknown", ["reason": "\(reason)"])
            case .inProgress(let holder):
                what = L10n.tr("cli.readerResolve.out.inProgress", [
                    "holder": holder.map { L10n.tr("cli.readerResolve.out.process", ["pid": "\($0.pid)"]) }
                        ?? L10n.tr("cli.readerResolve.out.anotherProcess"),
                ])
            }
            Console.out(L10n.tr("cli.readerResolve.out.attempt", [
                "attempt": "\(attempt.attemptId)", "amount": AmountArgument.screenText(attempt.amount), "reader": "\(attempt.reader)", "what": what,
            ]))
        }
        if unresolved > 0 {
            FileHandle.standardError.write(Data(
                (L10n.tr("cli.readerResolve.out.checkJournal") + "\n").utf8))
            throw ExitStatus.outcomeUnknown.exitCode
        }
    }
}
