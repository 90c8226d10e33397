import Foundation
import Localization
import Networking
import POSFoundation

/// `pos report`: one day of the shop's sales from WooCommerce, summed per register (the `_pos_register` order
/// meta) and per cashier (`_pos_cashier`), online.
public enum ShopReportAction: Action {
    public typealias Failure = ShopReportError

    /// The day `date` (`YYYY-MM-DD`; nil: today) in `timeZone`.
    case day(date: String?, timeZone: TimeZone, reply: Reply<ShopDayReport>)
}

/// Why the shop report failed.
public enum ShopReportError: Error, Sendable, Equatable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    case invalidDate(String)
    case network(NetworkError)
}

extension ShopReportError: UserFacingError {
    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .invalidDate(let text): L10n.tr("error.shopReport.invalidDate", ["text": text])
        case .network(let error): L10n.tr("error.shopReport.network", ["reason": error.message])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .invalidDate: L10n.tr("error.shopReport.invalidDate.recovery")
        case .network(let error): error.recoverySuggestion
        }
    }
}

/// A day of the shop, per register and per cashier. Amounts are decimal strings in the store currency.
public struct ShopDayReport: Hashable, Sendable, Codable {
    public struct Totals: Hashable, Sendable, Codable {
        public var orders: Int = 0
        public var gross: String = "0"
        public var cash: String = "0"
        public var card: String = "0"
        public var refunds: String = "0"
    }

    public struct CashierTotals: Hashable, Sendable, Codable {
        public var cashier: String
        public var totals: Totals
    }

    public struct RegisterTotals: Hashable, Sendable, Codable {
        /// The register id; empty for orders with no `_pos_register` (other channels, or counters without one).
        public var register: String
        public var totals: Totals
        public var cashiers: [CashierTotals]
        /// The receipt numbers of the day on this register, sorted.
        public var receiptNumbers: [String]
    }

    public var date: String
    public var timeZone: String
    public var currency: String
    public var registers: [RegisterTotals]
    public var total: Totals
}

/// Reads the day's orders page by page and sums them. WooCommerce cannot filter by meta value
/// (docs/shared reference, §6.2), so it asks for the orders created from the day's start to a week after its end
/// (an offline sale is created when it syncs) with only the needed fields and meta keys, and keeps those whose sale
/// time (`_pos_sale_time`, else the creation date) falls in the day. Paid orders only (processing, completed,
/// refunded); refunds are the orders' refunds.
struct ShopReportService: Sendable {
    let network: any Network

    static let fields = ["id", "status", "currency", "total", "payment_method", "refunds", "meta_data", "date_created_gmt"]
    static let metaKeys = [RegisterIdentity.registerMetaKey, RegisterIdentity.cashierMetaKey,
                           RegisterIdentity.receiptNumberMetaKey, SaleBuilder.saleTimeMetaKey, "_pos_cash_amount",
                           "_pos_card_amount"]
    /// How late an offline sale may sync and still count for its day.
    static let syncGrace: TimeInterval = 7 * 24 * 3600

    func day(_ text: String?, timeZone: TimeZone, now: Date) async throws(ShopReportError) -> ShopDayReport {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start: Date
        if let text {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, text.count == 10,
                  let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
                  calendar.component(.day, from: date) == parts[2] else { throw .invalidDate(text) }
            start = date
        } else {
            start = calendar.startOfDay(for: now)
        }
        guard let end = calendar.date(byAdding: .day, value: 1, to: start) else { throw .invalidDate(text ?? "") }
        var orders: [Order] = []
        var page = 1
        let remote = OrdersRemote(network: network)
        while true {
            let query = OrdersRemote.Query(page: page, perPage: 100, statuses: [.processing, .completed, .refunded],
                                           after: start.addingTimeInterval(-1), before: end.addingTimeInterval(Self.syncGrace),
                                           includeMeta: Self.metaKeys, fields: Self.fields)
            let result: PagedItems<Order>
            do { result = try await remote.loadOrders(query) } catch { throw .network(error) }
            orders += result.items
            guard result.hasMorePages, !result.items.isEmpty else { break }
            page += 1
        }
        let inDay = orders.filter { order in
            let time = Self.saleTime(order) ?? order.dateCreated ?? .distantPast
            return time >= start && time < end
        }
        return Self.sum(inDay, date: Self.dayText(start, calendar), timeZone: timeZone)
    }

    static func saleTime(_ order: Order) -> Date? {
        guard case .string(let text)? = order.metaData.first(where: { $0.key == SaleBuilder.saleTimeMetaKey })?.value else {
            return nil
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    static func meta(_ order: Order, _ key: String) -> String {
        order.metaData.first(where: { $0.key == key })?.value.stringValue ?? ""
    }

    /// Minor-unit sums per register and cashier, then rendered as decimal strings.
    static func sum(_ orders: [Order], date: String, timeZone: TimeZone) -> ShopDayReport {
        struct Sums { var orders = 0, gross: Int64 = 0, cash: Int64 = 0, card: Int64 = 0, refunds: Int64 = 0 }
        var currency = orders.first?.currency ?? .eur
        var byRegister: [String: (sums: Sums, cashiers: [String: Sums], numbers: [String])] = [:]
        var all = Sums()
        for order in orders {
            currency = order.currency
            let register = meta(order, RegisterIdentity.registerMetaKey)
            let cashier = meta(order, RegisterIdentity.cashierMetaKey)
            var sums = Sums(orders: 1, gross: order.total.minorUnits)
            let parse = { (key: String) -> Int64 in (try? Money(parsing: meta(order, key), currency: order.currency))?.minorUnits ?? 0 }
            switch order.paymentMethod {
            case "cod": sums.cash = order.total.minorUnits
            case "pos_card":
                let cash = parse("_pos_cash_amount")
                sums.cash = cash
                sums.card = cash > 0 ? parse("_pos_card_amount") : order.total.minorUnits
            default: break
            }
            sums.refunds = order.refunds.reduce(Int64(0)) { $0 + abs($1.total.minorUnits) }
            func add(_ into: inout Sums) {
                into.orders += sums.orders; into.gross += sums.gross; into.cash += sums.cash
                into.card += sums.card; into.refunds += sums.refunds
            }
            var entry = byRegister[register] ?? (sums: Sums(), cashiers: [:], numbers: [])
            add(&entry.sums)
            var cashierSums = entry.cashiers[cashier] ?? Sums()
            add(&cashierSums)
            entry.cashiers[cashier] = cashierSums
            let number = meta(order, RegisterIdentity.receiptNumberMetaKey)
            if !number.isEmpty { entry.numbers.append(number) }
            byRegister[register] = entry
            add(&all)
        }
        func totals(_ sums: Sums) -> ShopDayReport.Totals {
            func text(_ value: Int64) -> String { Money(minorUnits: value, currency: currency).decimalString }
            return .init(orders: sums.orders, gross: text(sums.gross), cash: text(sums.cash), card: text(sums.card),
                         refunds: text(sums.refunds))
        }
        let registers = byRegister.keys.sorted().map { key in
            let entry = byRegister[key]!
            return ShopDayReport.RegisterTotals(
                register: key, totals: totals(entry.sums),
                cashiers: entry.cashiers.keys.sorted().map { .init(cashier: $0, totals: totals(entry.cashiers[$0]!)) },
                receiptNumbers: entry.numbers.sorted())
        }
        return ShopDayReport(date: date, timeZone: timeZone.identifier, currency: currency.code, registers: registers,
                             total: totals(all))
    }

    static func dayText(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

/// Answers ``ShopReportAction`` (logged in only: it reads the store).
@MainActor
public final class ShopReportStore: Store, ActionsProcessor {
    private let network: any Network

    init(dispatcher: Dispatcher, environment: AppEnvironment, network: any Network) {
        self.network = network
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: ShopReportAction) async throws(ShopReportError) -> Replied {
        switch action {
        case let .day(date, timeZone, reply):
            return reply(try await ShopReportService(network: network).day(date, timeZone: timeZone, now: environment.now()))
        }
    }
}
