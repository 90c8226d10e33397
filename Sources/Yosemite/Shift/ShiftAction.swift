import Foundation

/// Shifts: open with a counted float, move cash in or out with a reason, close with a count into a Z report that
/// is stored and printed. Amounts are typed text ("100.00" or "100,00") in the store's currency.
public enum ShiftAction: Action {
    public typealias Failure = ShiftError

    /// The open shift with its running report, or `nil` when none is open.
    case loadCurrent(reply: Reply<ShiftStatus?>)
    /// Opens a shift with the counted float; `cashier` defaults to the app settings' cashier name.
    case open(float: String, cashier: String?, reply: Reply<ShiftStatus>)
    /// Puts cash into the drawer (positive amount) with a reason.
    case cashIn(amount: String, reason: String, reply: Reply<ShiftStatus>)
    /// Takes cash out of the drawer (positive amount) with a reason.
    case cashOut(amount: String, reason: String, reply: Reply<ShiftStatus>)
    /// Closes the open shift with the counted cash, stores its Z report and prints it (`printer` nil: the
    /// configured or default printer). A print failure leaves the shift closed and says so in the outcome.
    /// With a card reader configured (the remembered one; `sim://` in the demo store) the terminal's end of day
    /// runs after the close is saved and its totals go beside the drawer's (``ZReport/terminalClosing``); a
    /// terminal that does not answer leaves the shift closed, the report saying why (run it later: ``endOfDay``).
    case close(counted: String, printer: String?, reply: Reply<ShiftCloseOutcome>)
    /// Runs the card terminal's end of day for a closed shift whose close could not (the terminal was unreachable
    /// then), stores its totals in the shift's Z report and prints it again (`shiftId` nil: the newest closed).
    case endOfDay(shiftId: Int64?, printer: String?, reply: Reply<ShiftCloseOutcome>)
    /// The Z report of a shift (nil: the newest), running if it is still open.
    case report(shiftId: Int64?, reply: Reply<ZReport>)
    /// Prints a closed shift's stored Z report again (nil: the newest closed shift).
    case reprint(shiftId: Int64?, printer: String?, reply: Reply<String>)
    /// "No sale": opens the cash drawer through the receipt printer (a short NO SALE slip and the kick; `printer`
    /// nil: the configured or default one) and logs it in the open shift (opening one with float 0 if none is),
    /// so the Z report counts it. With cashiers set up, `approval` must be a manager's: it is checked and recorded
    /// before the drawer is kicked, and the log's `approvedBy` names the manager.
    case openDrawer(reason: String, printer: String?, approval: ManagerApproval? = nil,
                    reply: Reply<DrawerOpenOutcome>)
}

/// A drawer opened without a sale, as logged.
public struct DrawerOpenOutcome: Hashable, Sendable {
    public var shiftId: Int64
    /// The shift this open opened because none was open (float 0).
    public var openedShiftId: Int64?
    /// How many times the drawer was opened without a sale in the shift, this one included.
    public var countInShift: Int
    /// Where the kick went ("file job 0", "Receipt job 12"), in the screen's words.
    public var printed: String
    /// The printer (queue) the kick went to, and the print system's job number (0 where there is none).
    public var printer: String
    public var jobId: Int
    public var openedAt: Date
}

/// An open shift and its report so far.
public struct ShiftStatus: Hashable, Sendable {
    public var shiftId: Int64
    public var report: ZReport

    /// Creates a status.
    public init(shiftId: Int64, report: ZReport) {
        self.shiftId = shiftId
        self.report = report
    }
}

/// A closed shift: its Z report, and where it printed or why it did not.
public struct ShiftCloseOutcome: Hashable, Sendable {
    public var report: ZReport
    /// "printer job 12" when printed.
    public var printed: String?
    /// Why printing failed (the report stays stored for reprint).
    public var printError: String?

    /// Creates an outcome.
    public init(report: ZReport, printed: String?, printError: String?) {
        self.report = report
        self.printed = printed
        self.printError = printError
    }
}
