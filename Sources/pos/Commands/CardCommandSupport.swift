import ArgumentParser
import Foundation
import Hardware
import Localization
import POSFoundation
import Yosemite

/// What the card commands share: the reader to use, live prompts on stderr, and exit codes per outcome.
enum CardCommandSupport {
    /// `--reader`, else the reader the counter would choose (``ReaderChoice``: the remembered one, else `sim://` for
    /// the demo store); `nil` lets the store refuse.
    @MainActor
    static func reader(_ given: String?, manager: StoresManager) async -> String? {
        if let given { return given }
        return await ReaderChoice.address(stores: manager)
    }

    /// Runs a journalled reader operation (`pos reader pay|refund|reverse|end-of-day`): in the store's currency
    /// (its settings, else "log in"), on `reader` as ``reader(_:manager:)`` chooses, failures mapped by ``fail(_:)``.
    @MainActor
    static func terminalOperation<T>(
        data: DataDirectoryOptions, reader given: String?, json: Bool,
        _ body: @escaping (StoresManager, String?, StoreSettings) async throws -> T
    ) async throws -> T {
        // A payment on a real reader is not made in a demo store nobody asked for: unconfigured stays "log in".
        try await OrderCommandSupport.withStores(data: data, openDemo: false) { manager, settings in
            let chosen = await reader(given, manager: manager)
            do {
                let value = try await body(manager, chosen, settings)
                await disconnect(manager)
                return value
            } catch let error as CardPaymentError {
                await disconnect(manager)
                let code = fail(error)
                if json { try Console.json(ReaderOutput.FailureReport(error, exitCode: code.rawValue)) }
                throw code
            }
        }
    }

    /// Hangs up the reader before a one-shot command exits, so the driver's last bytes (a Concert driver's
    /// acknowledgement of the answer) reach the terminal.
    @MainActor
    static func disconnect(_ manager: StoresManager) async {
        try? await manager.dispatch { CardPresentPaymentAction.disconnect(reply: $0) }
    }

    /// Prints a prompt from the terminal to stderr as it arrives.
    static let printPrompt: @Sendable (CardPrompt) -> Void = { prompt in
        FileHandle.standardError.write(Data((L10n.tr("cli.card.out.prompt", ["text": prompt.text]) + "\n").utf8))
    }

    /// Prints the error and exits with its code: 11 declined, 12 unavailable, 13 unknown or unresolved, 15 busy.
    static func fail(_ error: CardPaymentError) -> ExitCode {
        Console.error(error)
        switch error {
        case .readerBusy: return ExitStatus.readerBusy.exitCode
        case .declined: return ExitStatus.declined.exitCode
        case .readerUnavailable, .noReader, .invalidReader: return ExitStatus.readerUnavailable.exitCode
        case .outcomeUnknown, .unresolvedAttempt: return ExitStatus.outcomeUnknown.exitCode
        case .storage: return ExitStatus.storageFailure.exitCode
        case .storeSettingsMissing, .unhandled: return ExitStatus.notLoggedIn.exitCode
        case .orderNotPayable, .invalidRefund, .attemptNotFound: return ExitStatus.failure.exitCode
        case .cashier(let error): return CashierCommand.exitCode(error)
        }
    }
}

/// `pos sell --pay card` and split tender: the sale opened (or the open one given), then the card (and cash)
/// tenders through the journal. A decline leaves the sale open for another tender.
struct CardSaleFlow {
    let data: DataDirectoryOptions
    /// What the sale rings up (read in the store's terms once the store is open); unused with `saleId`.
    let cart: OrderCommandSupport.CartArguments
    let saleId: Int64?
    let cashText: String?
    let reader: String?
    let json: Bool
    /// `--manager`: a manager's approval for a discount above the threshold.
    var approval: ManagerApproval? = nil

    /// The `--json` shape of a card sale.
    struct Report: Encodable {
        var order: OrderReport
        var card: String
        var cash: String
        var cardBrand: String?
        var cardLast4: String?
        var receiptNumber: Int?
        var attemptId: String
    }

    @MainActor
    func run() async throws {
        let reader = reader
        let (sale, format, isDemo) = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            var cash: Money?
            if let cashText {
                cash = try AmountArgument.parse(cashText, currency: settings.currency,
                                                separators: settings.moneyFormat.separators) {
                    L10n.tr("cli.error.cashAmount", ["cashText": "\(cashText)", "code": "\(settings.currency.code)"])
                }
            }
            let open: SaleSummary
            if let saleId {
                open = try await manager.dispatch { OrderAction.loadSale(reference: String(saleId), reply: $0) }
            } else {
                let cart = try await OrderCommandSupport.cart(cart, settings: settings, manager: manager)
                let approval = approval
                open = try await manager.dispatch { OrderAction.openSale(cart: cart, approval: approval, reply: $0) }
            }
            let chosen = await CardCommandSupport.reader(reader, manager: manager)
            FileHandle.standardError.write(Data((L10n.tr("cli.card.out.due", ["sale": "\(open.id)", "amount": open.due.formatted(settings.moneyFormat)]) + "\n").utf8))
            do {
                let sale = try await manager.dispatch {
                    CardPresentPaymentAction.collectPayment(
                        saleId: open.id, cash: cash, reader: chosen, prompts: CardCommandSupport.printPrompt, reply: $0)
                }
                await CardCommandSupport.disconnect(manager)
                return (sale, settings.moneyFormat, manager.isDemo)
            } catch let error as CardPaymentError {
                await CardCommandSupport.disconnect(manager)
                switch error {
                case .readerBusy:
                    // The other operation is live and settles itself: nothing to look into, just wait.
                    FileHandle.standardError.write(Data("""
                        sale \(open.id) stays open: try again when the reader is free (`pos sell --sale \(open.id) --pay card`), \
                        or take cash (`pos sell --sale \(open.id) --pay cash`).

                        """.utf8))
                case .declined, .readerUnavailable, .noReader, .invalidReader, .orderNotPayable:
                    FileHandle.standardError.write(Data("""
                        sale \(open.id) stays open, nothing charged: pay it with `pos sell --sale \(open.id) --pay cash` \
                        (or --pay card to try again), or void it with `pos cart void \(open.id)`.

                        """.utf8))
                default: break
                }
                throw CardCommandSupport.fail(error)
            }
        }
        if json {
            try Console.json(Report(
                order: OrderReport(sale.order), card: sale.card.amount.decimalString, cash: sale.cash.decimalString,
                cardBrand: sale.card.cardName, cardLast4: sale.card.maskedPAN?.lastFour, receiptNumber: sale.card.receiptNumber,
                attemptId: sale.attemptId))
            return
        }
        SellCommand.printOrder(sale.order, format: format)
        if sale.cash.minorUnits > 0 { Console.out(L10n.tr("cli.out.card.cash", ["amount": sale.cash.formatted(format)])) }
        let card = [sale.card.cardName, sale.card.maskedPAN.map { "…\($0.lastFour)" }].compactMap { $0 }.joined(separator: " ")
        Console.out(L10n.tr("cli.out.card.card", ["amount": sale.card.amount.formatted(format), "card": card]).trimmingCharacters(in: .whitespaces))
        if sale.recoveredFromEarlierAttempt { Console.out(L10n.tr("cli.out.card.recovered")) }
        SellCommand.printShiftNote(sale.openedShiftId)
        SellCommand.printReceiptNote(sale.receipt, order: sale.order.localNumber)
        Console.out(SellCommand.savedNote(isDemo: isDemo))
    }
}
