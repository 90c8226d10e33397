import Foundation
import Localization
import Yosemite

/// Walks the first run through its steps, each through the same actions as its screen in the menu: the register
/// through the context's ``RegisterSetting`` (enrolled at the TSE), cashiers through `CashierAction` (the store
/// decides what needs a manager; the gate asks for one), the printer and the terminal through `AppSettingsAction`,
/// the TSE through `FiscalAction.loadStatus`.
@MainActor
public final class SetupInteractor {
    public private(set) var response = SetupDataFlow.Response()
    var present: (SetupDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext
    /// The manager's approval for the cashier being added (asked at the gate when the store wants one).
    private var approval: ManagerApproval?

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
    }

    /// Starts at the register (its id as set, if any), or at the manager when the register cannot be set here.
    public func load() {
        guard let setting = context.registerSetting else {
            response.step = .managerName
            present(response)
            return
        }
        Task {
            let info = await setting.current()
            response.register = info.id
            if response.step == .register, response.text.isEmpty { response.text = info.id ?? "" }
            present(response)
        }
    }

    /// Handles one request.
    public func handle(_ request: SetupDataFlow.Request) {
        guard !response.isBusy else { return }
        switch request {
        case .leaveKeyPressed:
            finish(signOut: false)
            return
        case .typed(let character):
            if response.step.isPin {
                if character.isASCII, character.isNumber, response.text.count < CashiersInteractor.maxPinLength {
                    response.text.append(character)
                }
            } else if response.step != .printer, response.step != .fiscal, !character.isNewline,
                      response.text.count < CashiersInteractor.maxNameLength {
                response.text.append(character)
            }
        case .backspacePressed:
            if !response.text.isEmpty { response.text.removeLast() }
        case .selectionUp:
            response.selectedPrinter = max(0, response.selectedPrinter - 1)
        case .selectionDown:
            response.selectedPrinter = min(max(0, response.printers.count - 1), response.selectedPrinter + 1)
        case .selectLast:
            response.selectedPrinter = max(0, response.printers.count - 1)
        case .scanned(let code):
            if response.step.isPin {
                // A scanner's burst is never a PIN.
                say([L10n.tr("gate.scanIgnored.pin")], isError: true)
            } else if response.step != .printer, response.step != .fiscal {
                response.text = String((response.text + code).prefix(CashiersInteractor.maxNameLength))
                submit()
                return
            }
        case .escapePressed:
            back()
        case .enterPressed:
            submit()
            return
        }
        present(response)
    }

    /// Esc: from a PIN back to the name; a step that may be left empty is skipped.
    private func back() {
        response.lines = []
        switch response.step {
        case .managerPin, .managerPinAgain: go(.managerName)
        case .cashierPin, .cashierPinAgain: go(.cashierName)
        case .cashierName: go(.printer)
        case .printer: go(.terminal)
        case .terminal: go(.fiscal)
        case .register, .managerName, .fiscal: break
        }
    }

    private func go(_ step: SetupDataFlow.Step) {
        response.step = step
        response.text = ""
        switch step {
        case .managerPin, .cashierPin: response.pin = ""
        case .printer: loadPrinters()
        case .fiscal: loadFiscal()
        default: break
        }
    }

    private func say(_ lines: [String], isError: Bool) {
        response.lines = lines
        response.isError = isError
    }

    /// Enter: saves the step and moves on.
    private func submit() {
        let text = response.text.trimmingCharacters(in: .whitespaces)
        response.lines = []
        response.isError = false
        switch response.step {
        case .register:
            guard let setting = context.registerSetting, !text.isEmpty else { go(.managerName); break }
            busy {
                let result = await setting.set(text)
                self.say(result.lines, isError: !result.isSet)
                guard result.isSet else { return }
                self.response.register = await setting.current().id
                self.context.refreshStatus()
                self.go(.managerName)
            }
            return
        case .managerName, .cashierName:
            guard !text.isEmpty else {
                // Enter on an empty name ends the cashiers (the manager's name is needed).
                if response.step == .cashierName { go(.printer) }
                break
            }
            response.name = text
            let role: CashierRole = response.step == .managerName ? .manager : .cashier
            let next: SetupDataFlow.Step = response.step == .managerName ? .managerPin : .cashierPin
            let stores = context.stores
            busy {
                // Refused before the PIN is asked, as `pos cashier add` does; a manager approves when the store asks.
                do {
                    self.approval = try await self.context.approving({ approval in
                        try await stores.dispatch { CashierAction.checkAdd(name: text, role: role, approval: approval, reply: $0) }
                        return approval
                    }, needed: CashiersInteractor.approvalNeeded)
                    self.go(next)
                } catch {
                    self.fail(error)
                }
            }
            return
        case .managerPin, .cashierPin:
            guard !text.isEmpty else { break }
            response.pin = text
            response.text = ""
            response.step = response.step == .managerPin ? .managerPinAgain : .cashierPinAgain
        case .managerPinAgain, .cashierPinAgain:
            let isManager = response.step == .managerPinAgain
            guard text == response.pin else {
                go(isManager ? .managerPin : .cashierPin)
                say([L10n.tr("cashiers.pinMismatch")], isError: true)
                break
            }
            let (name, pin, approval) = (response.name, response.pin, approval)
            response.pin = ""
            response.text = ""
            let stores = context.stores
            busy {
                do {
                    let added = try await stores.dispatch {
                        CashierAction.add(name: name, role: isManager ? .manager : .cashier, pin: pin, approval: approval,
                                          reply: $0)
                    }
                    self.response.added.append(added.name)
                    self.say([L10n.tr(isManager ? "cashiers.addedManager" : "cashiers.added", ["name": added.name])],
                             isError: false)
                    self.go(.cashierName)
                } catch {
                    self.go(isManager ? .managerPin : .cashierPin)
                    self.fail(error)
                }
            }
            return
        case .printer:
            guard response.printers.indices.contains(response.selectedPrinter) else { go(.terminal); break }
            let name = response.printers[response.selectedPrinter].name
            let stores = context.stores
            busy {
                do throws(AppSettingsError) {
                    _ = try await stores.dispatch { AppSettingsAction.updateAppSettings({ $0.printerName = name }, reply: $0) }
                    self.context.refreshStatus()
                    self.go(.terminal)
                } catch {
                    self.say([error.message, error.recoverySuggestion].filter { !$0.isEmpty }, isError: true)
                }
            }
            return
        case .terminal:
            var check = AppSettings()
            if let problem = SettingsInteractor.apply(.reader, text, to: &check) {
                say([problem], isError: true)
                break
            }
            let stores = context.stores
            busy {
                do throws(AppSettingsError) {
                    _ = try await stores.dispatch {
                        AppSettingsAction.updateAppSettings({ _ = SettingsInteractor.apply(.reader, text, to: &$0) }, reply: $0)
                    }
                    self.context.refreshStatus()
                    self.go(.fiscal)
                } catch {
                    self.say([error.message, error.recoverySuggestion].filter { !$0.isEmpty }, isError: true)
                }
            }
            return
        case .fiscal:
            // Done: whoever signed in to set up signs out, so the sell screen is locked at the gate now that
            // cashiers exist (the gate follows the sign-out as it follows one from another terminal).
            finish(signOut: true)
            return
        }
        present(response)
    }

    /// Ends the set-up (done, or left with F10): remembered, so the next start sells at once; then the sell screen.
    private func finish(signOut: Bool) {
        let stores = context.stores
        busy {
            _ = try? await stores.dispatch { AppSettingsAction.updateAppSettings({ $0.firstRunDone = true }, reply: $0) }
            if signOut { try? await stores.dispatch { CashierAction.signOut(reply: $0) } }
            self.context.router?.show(.sell)
        }
    }

    /// Runs a step's store calls with the keys held off meanwhile.
    private func busy(_ work: @escaping @MainActor () async -> Void) {
        response.isBusy = true
        present(response)
        Task {
            await work()
            response.isBusy = false
            present(response)
        }
    }

    private func loadPrinters() {
        let stores = context.stores
        let folder = stores.printedReceiptsFolder.path
        Task {
            let queues = (try? await stores.dispatch { ReceiptAction.listPrinters(reply: $0) }) ?? []
            response.printers = PrintersInteractor.entries(queues: queues, fileFolder: folder)
            response.selectedPrinter = 0
            present(response)
        }
    }

    private func loadFiscal() {
        let stores = context.stores
        let inGermany = context.settings.address.country.uppercased().hasPrefix("DE")
        Task {
            do throws(FiscalServiceError) {
                let status = try await stores.dispatch { FiscalAction.loadStatus(reply: $0) }
                var lines = status.reportLines()
                if inGermany { lines += Self.missing(status.settings) }
                response.fiscalLines = lines
            } catch {
                response.fiscalLines = [error.message, error.recoverySuggestion].filter { !$0.isEmpty }
            }
            present(response)
        }
    }

    /// What `pos fiscal configure` still lacks for a till in Germany (a TSE and a tax number).
    static func missing(_ settings: FiscalSettings) -> [String] {
        var options: [String] = []
        if (settings.tssID ?? "").isEmpty { options += ["--tss-id", "--fiskaly-key"] }
        if (settings.taxNumber ?? "").isEmpty, (settings.vatID ?? "").isEmpty { options.append("--tax-number | --vat-id") }
        guard !options.isEmpty else { return [] }
        return [L10n.tr("setup.fiscal.missing", ["options": options.joined(separator: " ")])]
    }

    private func fail(_ error: any Error) {
        if let error = error as? CashierError {
            say([error.message, error.recoverySuggestion].filter { !$0.isEmpty }, isError: true)
        } else {
            say(["\(error)"], isError: true)
        }
    }
}
