import Yosemite

/// Shows one screen at a time and builds each from its Builder. The sell screen is built once and kept, so its
/// cart survives going to pay or orders and back.
@MainActor
public final class CounterRouter {
    /// The screen shown.
    public private(set) var current: any CounterModule
    private let context: CounterContext
    /// The sell screen, kept for the whole session.
    public let sell: SellView

    /// Creates the router on the sell screen.
    public init(context: CounterContext) {
        self.context = context
        sell = SellBuilder.build(context: context)
        current = sell
        context.router = self
    }

    /// Goes to a route.
    public func show(_ route: CounterRoute) {
        switch route {
        case .sell: current = sell
        case .payCash(let request): current = PayBuilder.build(context: context, request: request)
        case .payCard(let request, let cash): current = PayCardBuilder.build(context: context, request: request, cash: cash)
        case .receipt(let sale): current = ReceiptBuilder.build(context: context, sale: sale)
        case .cardReceipt(let sale): current = ReceiptBuilder.build(context: context, cardSale: sale)
        case .orders: current = OrdersBuilder.build(context: context)
        case .shift: current = ShiftBuilder.build(context: context)
        case .readers: current = ReadersBuilder.build(context: context)
        case .menu: current = MenuView(context: context)
        case .sync: current = SyncBuilder.build(context: context)
        case .printers: current = PrintersBuilder.build(context: context)
        case .settings: current = SettingsBuilder.build(context: context)
        case .login: current = LoginBuilder.build(context: context)
        case .cashiers: current = CashiersBuilder.build(context: context)
        case .register: current = RegisterBuilder.build(context: context)
        case .fiscal: current = FiscalBuilder.build(context: context)
        case .setup: current = SetupBuilder.build(context: context)
        }
        current.start()
        context.setNeedsDisplay()
    }

    /// A sale is done: the sell screen starts a new cart and the receipt screen shows.
    public func saleCompleted(_ sale: Sale) {
        sell.interactor.newSale()
        context.refreshStatus()
        show(.receipt(sale))
    }

    /// A card (or split) sale is done: as ``saleCompleted(_:)``, with the card slip.
    public func cardSaleCompleted(_ sale: CardSale) {
        sell.interactor.newSale()
        context.refreshStatus()
        show(.cardReceipt(sale))
    }
}
