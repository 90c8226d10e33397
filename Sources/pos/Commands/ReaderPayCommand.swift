import ArgumentParser
import Hardware
import POSFoundation

/// `pos reader pay`: take a card payment on a terminal.
struct ReaderPayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pay", abstract: "Take a card payment on a terminal.")

    @OptionGroup var options: ReaderOptions
    @Option(help: "The amount, e.g. 12.50.") var amount: String
    @Option(help: "The ISO currency code.") var currency = "EUR"
    @Option(help: "A reference for the terminal's journal (an order number).") var reference = ""
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let money = try ReaderSession.money(amount, currency: currency)
        let service = try await ReaderSession.connect(options.reader, currency: money.currency)
        try await ReaderSession.run(service.collectPayment(PaymentRequest(amount: money, reference: reference)), json: json)
        await service.disconnect()
    }
}

/// `pos reader refund`: refund an amount to the card presented.
struct ReaderRefundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "refund", abstract: "Refund an amount to a card.")

    @OptionGroup var options: ReaderOptions
    @Option(help: "The amount, e.g. 12.50.") var amount: String
    @Option(help: "The ISO currency code.") var currency = "EUR"
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let money = try ReaderSession.money(amount, currency: currency)
        let service = try await ReaderSession.connect(options.reader, currency: money.currency)
        try await ReaderSession.run(service.refund(money), json: json)
        await service.disconnect()
    }
}

/// `pos reader reverse`: reverse (void) an earlier payment by its receipt number.
struct ReaderReverseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reverse", abstract: "Reverse a payment by receipt number.")

    @OptionGroup var options: ReaderOptions
    @Option(help: "The terminal's receipt number of the payment.") var receipt: Int
    @Option(help: "The ISO currency code.") var currency = "EUR"
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let service = try await ReaderSession.connect(options.reader, currency: Currency(code: currency.uppercased()))
        try await ReaderSession.run(service.reverse(receiptNumber: receipt), json: json)
        await service.disconnect()
    }
}
