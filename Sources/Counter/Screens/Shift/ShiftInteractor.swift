import Localization
import POSFoundation
import Yosemite

/// Keeps the shift screen's state and talks to the ``ShiftStore`` through `ShiftAction`s.
@MainActor
public final class ShiftInteractor {
    public private(set) var response = ShiftDataFlow.Response()
    var present: (ShiftDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
    }

    /// Loads the open shift.
    public func load() {
        let stores = context.stores
        Task {
            do throws(ShiftError) {
                let open = try await stores.dispatch { ShiftAction.loadCurrent(reply: $0) }
                self.response.open = open
            } catch {
                self.fail(error)
            }
            self.response.isLoaded = true
            self.present(self.response)
        }
    }

    /// Handles one request.
    public func handle(_ request: ShiftDataFlow.Request) {
        guard !response.isBusy else { return }
        switch request {
        case .typed(let character):
            guard response.prompt != nil else { break }
            response.input.append(character)
        case .backspace: _ = response.input.popLast()
        case .escapePressed:
            if response.prompt != nil { response.prompt = nil; response.input = "" } else { context.router?.show(.sell); return }
        case .enterPressed: submit()
        case .openKeyPressed: ask(.float, needsOpen: false)
        case .cashInKeyPressed: ask(.cashInAmount, needsOpen: true)
        case .cashOutKeyPressed: ask(.cashOutAmount, needsOpen: true)
        case .closeKeyPressed: ask(.counted, needsOpen: true)
        case .reprintKeyPressed:
            run { (stores: StoresManager) async throws(ShiftError) in
                let job = try await stores.dispatch { ShiftAction.reprint(shiftId: nil, printer: nil, reply: $0) }
                return { $0.message = L10n.tr("shift.reprinted", ["printer": job]) }
            }
        }
        present(response)
    }

    private func ask(_ prompt: ShiftDataFlow.Prompt, needsOpen: Bool) {
        response.message = nil
        response.isError = false
        if needsOpen != (response.open != nil) {
            response.message = needsOpen ? L10n.tr("shift.notOpen") : L10n.tr("shift.alreadyOpen")
            response.isError = true
            return
        }
        response.prompt = prompt
        response.input = ""
    }

    private func submit() {
        guard let prompt = response.prompt else { return }
        let input = response.input
        response.prompt = nil
        response.input = ""
        switch prompt {
        case .float:
            run { (stores: StoresManager) async throws(ShiftError) in
                let status = try await stores.dispatch { ShiftAction.open(float: input, cashier: nil, reply: $0) }
                return { $0.open = status; $0.closed = nil; $0.message = L10n.tr("shift.opened", ["shift": "\(status.shiftId)"]) }
            }
        case .cashInAmount, .cashOutAmount:
            response.prompt = .reason(cashIn: prompt == .cashInAmount, amount: input)
        case .reason(let cashIn, let amount):
            run { (stores: StoresManager) async throws(ShiftError) in
                let status = try await stores.dispatch {
                    cashIn ? ShiftAction.cashIn(amount: amount, reason: input, reply: $0)
                        : ShiftAction.cashOut(amount: amount, reason: input, reply: $0)
                }
                return { $0.open = status; $0.message = L10n.tr(cashIn ? "shift.cashInRecorded" : "shift.cashOutRecorded") }
            }
        case .counted:
            let format = context.settings.moneyFormat
            run { (stores: StoresManager) async throws(ShiftError) in
                let outcome = try await stores.dispatch { ShiftAction.close(counted: input, printer: nil, reply: $0) }
                return { response in
                    response.open = nil
                    response.closed = outcome.report
                    if let error = outcome.printError {
                        response.message = L10n.tr("shift.closed.printFailed", ["error": "\(error)"])
                        response.isError = true
                    } else {
                        response.message = outcome.printed.map { L10n.tr("shift.closed.printedOn", ["printer": $0]) }
                            ?? L10n.tr("shift.closed.printed")
                    }
                    // The terminal's end of day beside the drawer's: a mismatch or an end of day that did not run
                    // is said on the screen, not only on paper.
                    if let closing = outcome.report.terminalClosing {
                        let currency = outcome.report.currency
                        let verdict = closing.summary(format: { Money(minorUnits: $0, currency: currency).formatted(format) },
                                                     strings: L10n.screen)
                        response.message = (response.message ?? "") + " " + verdict
                            + (closing.didRun ? "" : " " + L10n.tr("shift.endOfDayLater"))
                        if !closing.didRun || closing.isMismatch { response.isError = true }
                    }
                }
            }
        }
    }

    /// Runs a store call off the key handler; `work` returns how to change the state on success.
    private func run(_ work: @escaping @MainActor (StoresManager) async throws(ShiftError) -> (inout ShiftDataFlow.Response) -> Void) {
        response.isBusy = true
        response.message = nil
        response.isError = false
        let stores = context.stores
        Task {
            do throws(ShiftError) {
                let apply = try await work(stores)
                apply(&self.response)
            } catch {
                self.fail(error)
            }
            self.response.isBusy = false
            self.context.refreshStatus()
            self.present(self.response)
        }
    }

    private func fail(_ error: ShiftError) {
        response.message = error.description
        response.isError = true
    }
}
