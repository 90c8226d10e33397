/// One day at the demo store's counter, written once as data. ``CommandLineFront`` turns each step into `pos`
/// commands and ``CounterFront`` into keys at the counter in tmux, each on a data directory of its own; the two
/// databases must then hold the same records (``DatabaseSnapshot``).
///
/// Amounts are typed as a cashier of the demo store types them (it writes 1.234,56 €), codes as the scanner reads
/// them (the barcodes), the coupon as the customer shows it (upper case). Cashiers are set up
/// (``CashierDemoData``): Bob sells, Ann approves what needs a manager (a discount above the threshold, a refund).
enum ScriptedDay {
    struct Cashier: Sendable {
        var name: String
        /// The key that chooses them at the counter's sign-in and approval prompts.
        var number: Int
        var pin: String
    }

    /// The manager (``CashierDemoData``'s Ann): approves every refund, and what ``Input/managerApproves`` follows.
    static let manager = Cashier(name: "Ann", number: 1, pin: "2468")
    static let cashier = Cashier(name: "Bob", number: 2, pin: "1357")

    /// What happens, in order.
    enum Step: Sendable, CustomStringConvertible {
        /// A cashier signs in with their PIN.
        case signIn(Cashier)
        /// A sale rung up, then paid or parked.
        case sale([Input], End)
        /// A parked cart brought back by its name, then paid in cash (the exact amount).
        case resume(name: String)
        /// A parked cart abandoned.
        case void(name: String)
        /// Part of an order given back (in cash for a cash order, on the terminal for a card order), approved by
        /// the ``ScriptedDay/manager``.
        case refund(order: Int, amount: String)

        var description: String {
            switch self {
            case .signIn(let cashier): "sign-in \(cashier.name)"
            case .sale(let input, let end): "sale \(input) \(end)"
            case .resume(let name): "resume \(name)"
            case .void(let name): "void \(name)"
            case .refund(let order, let amount): "refund \(amount) of order \(order)"
            }
        }
    }

    /// What the cashier does while ringing up a sale.
    enum Input: Sendable, Equatable {
        /// A barcode read by the scanner (the same code again adds to its line).
        case scan(String)
        /// A discount on the last line of the cart (the line just scanned), as typed.
        case lineDiscount(String)
        /// A discount on the whole cart, as typed.
        case cartDiscount(String)
        /// A coupon code, as typed.
        case coupon(String)
        /// The customer, found by what is typed (the demo store's customer copy).
        case customer(String)
        /// The ``ScriptedDay/manager`` approves what was just typed (a discount above the threshold).
        case managerApproves
    }

    /// How a sale ends.
    enum End: Sendable {
        /// Cash: the amount handed over (change given), `nil` for the exact amount.
        case cash(String?)
        /// Cash: too little first (refused, nothing recorded), then enough.
        case shortCash(String, then: String)
        /// By card: declined (the terminal's first answer), then all of it in cash, exact.
        case cardDeclinedThenCash
        /// Split: this much in cash, the rest by card.
        case split(cash: String)
        /// Put aside under a name.
        case park(String)
    }

    /// The demo catalog's barcodes.
    enum Code {
        static let espresso = "4006381333931"
        static let cappuccino = "4006381333948"
        static let croissant = "4006381333993"
        static let painAuChocolat = "4006381334006"
        static let brownie = "4006381334037"
        static let orangeJuice = "4006381334051"
        static let lemonade = "4006381334068"
        static let travelMug = "4006381334082"
    }

    /// The in-process card terminal's script (`POS_SIM_SCRIPT`): the day's first card payment is declined, every
    /// later payment and refund approved.
    static let terminalScript = "decline:05,approve"

    /// The day: Bob signs in; items (the same code scanned twice in a row and again later), a line discount and a
    /// cart discount that together take more than 10 % (Ann approves) with change given, a coupon and a customer
    /// with a declined card then cash, too little cash then enough, a split of cash and card, two carts parked (one
    /// at half price, Ann approves), one voided and the other resumed and paid, and two refunds Ann approves (cash,
    /// and on the terminal).
    static let steps: [Step] = [
        .signIn(cashier),
        .sale([.scan(Code.espresso), .scan(Code.espresso), .lineDiscount("10%"), .scan(Code.croissant),
               .scan(Code.cappuccino), .scan(Code.croissant), .cartDiscount("1,00"), .managerApproves], .cash("20")),
        .sale([.scan(Code.painAuChocolat), .scan(Code.orangeJuice), .coupon("DEMO10"), .customer("Ana")],
              .cardDeclinedThenCash),
        .sale([.scan(Code.brownie), .scan(Code.lemonade)], .shortCash("1,00", then: "10")),
        .sale([.scan(Code.travelMug)], .split(cash: "5,00")),
        .sale([.scan(Code.cappuccino), .scan(Code.brownie), .cartDiscount("50%"), .managerApproves], .park("Tisch 4")),
        .sale([.scan(Code.lemonade)], .park("Oops")),
        .void(name: "Oops"),
        .resume(name: "Tisch 4"),
        .refund(order: 1, amount: "2,00"),
        .refund(order: 4, amount: "5,00"),
    ]
}
