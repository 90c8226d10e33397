import Foundation
import Localization
import Yosemite

/// Keeps the cashiers screen's state and talks to the cashier store through `CashierAction`s, as `pos cashier`
/// does: the store decides what needs a manager, and its `approvalRequired` asks for one at the gate.
@MainActor
public final class CashiersInteractor {
    public private(set) var response = CashiersDataFlow.Response()
    var present: (CashiersDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext

    /// The longest name typed.
    static let maxNameLength = 40
    /// The most PIN digits typed (the store checks the length).
    static let maxPinLength = 8

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
    }

    /// Loads the cashiers.
    public func load() {
        let stores = context.stores
        Task {
            do throws(CashierError) {
                response.cashiers = try await stores.dispatch { CashierAction.list(reply: $0) }
                response.selected = min(response.selected, max(0, response.cashiers.count - 1))
            } catch {
                fail(error)
            }
            response.isLoaded = true
            present(response)
        }
    }

    /// Handles one request.
    public func handle(_ request: CashiersDataFlow.Request) {
        guard !response.isBusy else { return }
        if response.form != nil {
            handleForm(request)
        } else if let name = response.confirmRemove {
            switch request {
            case .enterPressed:
                response.confirmRemove = nil
                run(L10n.tr("cashiers.removed", ["name": name])) { stores, approval in
                    try await stores.dispatch { CashierAction.remove(name: name, approval: approval, reply: $0) }
                }
            case .escapePressed: response.confirmRemove = nil
            default: break
            }
        } else {
            switch request {
            case .selectionUp: response.selected = max(0, response.selected - 1)
            case .selectionDown: response.selected = min(max(0, response.cashiers.count - 1), response.selected + 1)
            case .addKeyPressed:
                response.form = CashiersDataFlow.Form(purpose: .add, step: .name)
                response.message = nil
            case .setPinKeyPressed:
                guard let name = selectedName else { break }
                response.form = CashiersDataFlow.Form(purpose: .setPin(name: name), step: .pin)
                response.message = nil
            case .removeKeyPressed:
                guard let name = selectedName else { break }
                response.confirmRemove = name
                response.message = nil
            case .unlockKeyPressed:
                guard let name = selectedName else { break }
                run(L10n.tr("cashiers.unlocked", ["name": name])) { stores, approval in
                    try await stores.dispatch { CashierAction.unlock(name: name, approval: approval, reply: $0) }
                }
            case .escapePressed: context.router?.show(.menu); return
            case .typed, .backspacePressed, .enterPressed, .scanned: break
            }
        }
        present(response)
    }

    private var selectedName: String? {
        response.cashiers.indices.contains(response.selected) ? response.cashiers[response.selected].name : nil
    }

    // MARK: - The form

    private func handleForm(_ request: CashiersDataFlow.Request) {
        guard var form = response.form else { return }
        let isPin = form.step == .pin || form.step == .pinAgain
        switch request {
        case .escapePressed:
            response.form = nil
            response.message = nil
            return
        case .typed(let character):
            switch form.step {
            case .name:
                if !character.isNewline, form.text.count < Self.maxNameLength { form.text.append(character) }
            case .role:
                if character == "1" { form.role = .cashier }
                if character == "2" { form.role = .manager }
            case .pin, .pinAgain:
                if character.isASCII, character.isNumber, form.text.count < Self.maxPinLength { form.text.append(character) }
            }
        case .selectionUp, .selectionDown:
            if form.step == .role { form.role = form.role == .manager ? .cashier : .manager }
        case .backspacePressed:
            if !form.text.isEmpty { form.text.removeLast() }
        case .scanned(let code):
            guard !isPin else {
                // A scanner's burst is never a PIN.
                response.message = L10n.tr("gate.scanIgnored.pin")
                response.isError = true
                return
            }
            if form.step == .name {
                form.text = String((form.text + code).prefix(Self.maxNameLength))
                response.form = form
                submit(form)
                return
            }
        case .enterPressed:
            submit(form)
            return
        case .addKeyPressed, .setPinKeyPressed, .removeKeyPressed, .unlockKeyPressed:
            break
        }
        response.form = form
    }

    /// Enter in the form: the next field, or the store call once the PIN is typed twice.
    private func submit(_ form: CashiersDataFlow.Form) {
        var form = form
        response.message = nil
        response.isError = false
        switch form.step {
        case .name:
            let name = form.text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return }
            form.name = name
            form.text = ""
            // The first cashier must be a manager (the store says so too): offer that first.
            form.role = response.cashiers.isEmpty ? .manager : .cashier
            form.step = .role
            response.form = form
        case .role:
            // Refused before the PIN is asked (the first must be a manager; later ones need one's PIN), as
            // `pos cashier add` does.
            let (name, role) = (form.name, form.role)
            response.form = form
            response.isBusy = true
            let stores = context.stores
            Task {
                do {
                    let approval = try await context.approving({ approval in
                        try await stores.dispatch { CashierAction.checkAdd(name: name, role: role, approval: approval, reply: $0) }
                        return approval
                    }, needed: Self.approvalNeeded)
                    form.approval = approval
                    form.step = .pin
                    response.form = form
                } catch {
                    fail(error)
                }
                response.isBusy = false
                present(response)
            }
        case .pin:
            guard !form.text.isEmpty else { return }
            form.pin = form.text
            form.text = ""
            form.step = .pinAgain
            response.form = form
        case .pinAgain:
            guard form.text == form.pin else {
                form.pin = ""
                form.text = ""
                form.step = .pin
                response.form = form
                response.message = L10n.tr("cashiers.pinMismatch")
                response.isError = true
                return
            }
            let pin = form.pin
            response.form = nil
            switch form.purpose {
            case .add:
                let (name, role, given) = (form.name, form.role, form.approval)
                run(L10n.tr(role == .manager ? "cashiers.addedManager" : "cashiers.added", ["name": name]),
                    approval: given) { stores, approval in
                    _ = try await stores.dispatch {
                        CashierAction.add(name: name, role: role, pin: pin, approval: approval, reply: $0)
                    }
                }
            case .setPin(let name):
                run(L10n.tr("cashiers.newPin", ["name": name])) { stores, approval in
                    try await stores.dispatch { CashierAction.setPin(name: name, pin: pin, approval: approval, reply: $0) }
                }
            }
        }
    }

    /// Runs a cashier operation: without an approval first (or with the one given), and again with a manager's
    /// when the store asks for one; then reloads the list and says `done`.
    private func run(_ done: String, approval given: ManagerApproval? = nil,
                     _ work: @escaping @MainActor (StoresManager, ManagerApproval?) async throws -> Void) {
        response.isBusy = true
        let stores = context.stores
        Task {
            do {
                if let given {
                    try await work(stores, given)
                } else {
                    try await context.approving({ approval in try await work(stores, approval) }, needed: Self.approvalNeeded)
                }
                response.message = done
                response.isError = false
            } catch {
                fail(error)
            }
            response.isBusy = false
            context.refreshStatus()
            load()
        }
    }

    /// The approval a store's refusal asks for.
    static func approvalNeeded(_ error: any Error) -> ApprovalKind? {
        if case .approvalRequired(let kind) = error as? CashierError { return kind }
        return nil
    }

    private func fail(_ error: any Error) {
        if let error = error as? CashierError {
            response.message = [error.message, error.recoverySuggestion].filter { !$0.isEmpty }.joined(separator: " ")
        } else {
            response.message = "\(error)"
        }
        response.isError = true
    }
}
