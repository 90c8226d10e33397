import ArgumentParser
import Hardware
import Localization
import POSFoundation
import Yosemite

/// `pos reader pay`: take a card payment on a terminal for no sale, journalled in the store's currency.
struct ReaderPayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay", abstract: L10n.tr("cli.readerPay.abstract"),
        discussion: L10n.tr("cli.readerPay.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions
    @OptionGroup var options: TerminalOperationOptions
    @Option(help: .tr("cli.common.readerAmount.help")) var amount: String
    @Option(help: .tr("cli.readerPay.reference.help")) var reference = ""

    @MainActor
    func run() async throws {
        let options = options, reference = reference, amountText = amount
        let payment = try await CardCommandSupport.terminalOperation(data: data, reader: options.reader, json: options.json) { manager, reader, settings in
            let money = try options.money(amountText, settings: settings)
            return try await manager.dispatch {
                CardPresentPaymentAction.payWithoutSale(amount: money, reference: reference, reader: reader,
                                                        prompts: CardCommandSupport.printPrompt, reply: $0)
            }
        }
        try ReaderOutput.print(payment.result, attemptId: payment.attemptId, json: options.json)
    }
}

/// `pos reader refund`: refund an amount to the card presented, for no order, journalled.
struct ReaderRefundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund", abstract: L10n.tr("cli.readerPay.2.abstract"),
        discussion: L10n.tr("cli.readerRefund.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions
    @OptionGroup var options: TerminalOperationOptions
    @Option(help: .tr("cli.common.readerAmount.help")) var amount: String
    @Option(help: .tr("cli.common.manager.cashiers.help")) var manager: String?

    @MainActor
    func run() async throws {
        let options = options, amountText = amount
        let approval = try PinPrompt.approval(manager)
        let refund = try await CardCommandSupport.terminalOperation(data: data, reader: options.reader, json: options.json) { manager, reader, settings in
            let money = try options.money(amountText, settings: settings)
            return try await manager.dispatch {
                CardPresentPaymentAction.refundWithoutSale(amount: money, reader: reader, approval: approval, prompts: CardCommandSupport.printPrompt,
                                                           reply: $0)
            }
        }
        try ReaderOutput.print(refund, json: options.json)
    }
}

/// `pos reader reverse`: reverse (void) an earlier payment by its receipt number, journalled.
struct ReaderReverseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reverse", abstract: L10n.tr("cli.readerPay.3.abstract"),
        discussion: L10n.tr("cli.readerReverse.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions
    @OptionGroup var options: TerminalOperationOptions
    @Option(help: .tr("cli.readerReverse.receipt.help")) var receipt: Int
    @Option(help: .tr("cli.readerReverse.amount.help")) var amount: String?
    @Option(help: .tr("cli.common.manager.cashiers.help")) var manager: String?

    @MainActor
    func run() async throws {
        let options = options, receipt = receipt, amountText = amount
        let approval = try PinPrompt.approval(manager)
        let refund = try await CardCommandSupport.terminalOperation(data: data, reader: options.reader, json: options.json) { manager, reader, settings in
            let money = try amountText.map { try options.money($0, settings: settings) }
            return try await manager.dispatch {
                CardPresentPaymentAction.reverse(receipt: receipt, amount: money, reader: reader, approval: approval,
                                                 prompts: CardCommandSupport.printPrompt, reply: $0)
            }
        }
        try ReaderOutput.print(refund, json: options.json)
    }
}

/// `pos reader end-of-day`: close the terminal's batch and print its totals, journalled.
struct ReaderEndOfDayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "end-of-day", abstract: L10n.tr("cli.readerPay.4.abstract"))

    @OptionGroup var data: DataDirectoryOptions
    @OptionGroup var options: TerminalOperationOptions

    @MainActor
    func run() async throws {
        let options = options
        let report = try await CardCommandSupport.terminalOperation(data: data, reader: options.reader, json: options.json) { manager, reader, settings in
            _ = try options.currencyMatches(settings)
            return try await manager.dispatch {
                CardPresentPaymentAction.endOfDay(reader: reader, reply: $0)
            }
        }
        try ReaderOutput.print(report, json: options.json)
    }
}

/// The options the journalled reader operations share.
struct TerminalOperationOptions: ParsableArguments {
    @Option(help: .tr("cli.reader.operation.reader.help")) var reader: String?
    @Option(help: .tr("cli.reader.operation.currency.help"))
    var currency: String?
    @Flag(help: .tr("cli.common.json.help")) var json = false

    /// Refuses (usage) a `--currency` that is not the store's.
    func currencyMatches(_ settings: StoreSettings?) throws -> Bool {
        guard let currency, let settings else { return true }
        guard currency.uppercased() == settings.currency.code else {
            Console.error(L10n.tr("cli.readerPay.error.currency", ["store": settings.currency.code, "given": currency.uppercased()]))
            throw ExitStatus.usage.exitCode
        }
        return true
    }

    /// Parses an amount like `12,50` or `12.50` in the store's currency, with the store's separators.
    func money(_ text: String, settings: StoreSettings) throws -> Money {
        _ = try currencyMatches(settings)
        return try AmountArgument.parse(text, currency: settings.currency, separators: settings.moneyFormat.separators) {
            L10n.tr("cli.error.notAnAmountIn", ["code": "\(settings.currency.code)", "text": "\(text)"])
        }
    }
}
