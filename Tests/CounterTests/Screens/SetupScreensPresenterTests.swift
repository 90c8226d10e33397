import Foundation
import Localization
import POSFoundation
import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

/// The cashiers, register, TSE and first-run screens: presenters by value, views as 80×24 text snapshots.
@Suite(.screenSnapshots)
@MainActor
struct SetupScreensPresenterTests {
    let size = TerminalSize(rows: 24, columns: 80)
    var area: CanvasRect { CanvasRect(row: 1, column: 0, height: 22, width: 80) }

    static func cashiers(_ count: Int = 3) -> [CashierSummary] {
        let people = [CashierSummary(name: "Ann", role: .manager, failedAttempts: 0, locked: false),
                      CashierSummary(name: "Bob", role: .cashier, failedAttempts: 2, locked: false),
                      CashierSummary(name: "Cleo", role: .cashier, failedAttempts: 5, locked: true)]
        return (0..<count).map { index in
            index < people.count ? people[index]
                : CashierSummary(name: "Temp \(index)", role: .cashier, failedAttempts: 0, locked: false)
        }
    }

    @Test func cashiersViewModel_rowsSayRoleLockAndWrongPins() {
        var response = CashiersDataFlow.Response()
        response.isLoaded = true
        response.cashiers = Self.cashiers()
        let model = CashiersPresenter().viewModel(response)
        #expect(model.headline == "3 cashier(s)")
        #expect(model.rows.map(\.state) == ["ok", "2 wrong PIN(s)", "locked"])
        #expect(model.rows.map(\.role) == ["manager", "cashier", "cashier"])
        #expect(model.keyHints.map(\.key) == ["F2", "F3", "F4", "F5", "Esc"])
    }

    @Test func cashiersViewModel_pinIsDotsNeverDigits() {
        var response = CashiersDataFlow.Response()
        response.isLoaded = true
        var form = CashiersDataFlow.Form(purpose: .add, step: .pinAgain)
        form.name = "Dora"
        form.pin = "1357"
        form.text = "135"
        response.form = form
        let model = CashiersPresenter().viewModel(response)
        #expect(model.input == "PIN again: •••")
        #expect(!(model.formLines + [model.input ?? ""]).joined().contains("135"))
    }

    @Test func cashiersView_longListScrollsWithTheSelection_at80x24() {
        var response = CashiersDataFlow.Response()
        response.isLoaded = true
        response.cashiers = Self.cashiers(25)
        response.selected = 20
        var form = CashiersDataFlow.Form(purpose: .setPin(name: "Temp 20"), step: .pin)
        form.text = "12"
        response.form = form
        let model = CashiersPresenter().viewModel(response)
        var scroll = ScrollRegion()
        var canvas = TextCanvas(size: size)
        CashiersView.draw(model, scroll: &scroll, in: &canvas, area: area)
        #expect(scroll.offset > 0)
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "cashiers-scrolled-new-pin")
    }

    @Test func cashiersView_list_at80x24() {
        var response = CashiersDataFlow.Response()
        response.isLoaded = true
        response.cashiers = Self.cashiers()
        response.message = "Bob can now sign in as a cashier."
        var canvas = TextCanvas(size: size)
        var scroll = ScrollRegion()
        CashiersView.draw(CashiersPresenter().viewModel(response), scroll: &scroll, in: &canvas, area: area)
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "cashiers-list")
    }

    @Test func registerView_refusalWrapsAndSaysWhatToDo_at80x24() {
        var response = RegisterDataFlow.Response()
        response.isLoaded = true
        response.canSet = true
        response.info = RegisterInfo(id: "K1", tseClient: "3f1c2a")
        response.result = ["Register change refused: 1 sale(s) were opened on register K1 and are not finished: sale 4 "
                           + "(open, 2 item(s)). A sale keeps the register and TSE client it was opened with."]
        response.isError = true
        let model = RegisterPresenter().viewModel(response)
        #expect(model.lines == ["Register K1: receipt numbers K1-NNNNNN", "TSE client: 3f1c2a"])
        #expect(model.keyHints.map(\.key) == ["F2", "Esc"])
        var canvas = TextCanvas(size: size)
        RegisterView.draw(model, in: &canvas, area: area)
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "register-refused")
    }

    @Test func registerViewModel_withoutASetting_onlyShows() {
        var response = RegisterDataFlow.Response()
        response.isLoaded = true
        let model = RegisterPresenter().viewModel(response)
        #expect(model.keyHints.map(\.key) == ["Esc"])
    }

    @Test func fiscalView_exportForm_at80x24() {
        var response = FiscalDataFlow.Response()
        response.isLoaded = true
        response.lines = (1...20).map { "TSE status line \($0)" }
        var form = FiscalDataFlow.ExportForm()
        form.field = .folder
        form.from = "2026-03-01"
        form.to = "2026-03-31"
        form.text = "/srv/exports/march"
        response.form = form
        let model = FiscalPresenter().viewModel(response)
        var canvas = TextCanvas(size: size)
        var scroll = ScrollRegion()
        FiscalView.draw(model, scroll: &scroll, in: &canvas, area: area)
        #expect(scroll.canScroll)
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "fiscal-export")
    }

    @Test func fiscalView_wrap_splitsALongWordOverLinesWithoutCuttingIt() {
        let key = String(repeating: "AbC9+/", count: 22)
        let lines = FiscalView.wrap("Public key: " + key, width: 76)
        #expect(lines.first == "Public key:")
        #expect(lines.dropFirst().joined() == key)
        #expect(lines.allSatisfy { $0.count <= 76 })
    }

    @Test func fiscalInteractor_dayParsing() {
        #expect(FiscalExportDays.day("2026-03-01") == DateComponents(year: 2026, month: 3, day: 1))
        #expect(FiscalExportDays.day("2026-13-01") == nil)
        #expect(FiscalExportDays.day("yesterday") == nil)
    }

    @Test func setupView_managerPin_at80x24() {
        var response = SetupDataFlow.Response()
        response.step = .managerPinAgain
        response.register = "K1"
        response.name = "Ann"
        response.pin = "2468"
        response.text = "24"
        let model = SetupPresenter().viewModel(response)
        #expect(model.input == "PIN again: ••")
        var canvas = TextCanvas(size: size)
        var scroll = ScrollRegion()
        SetupView.draw(model, scroll: &scroll, in: &canvas, area: area)
        #expect(!canvas.rendered().contains("2468"))
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "setup-manager-pin")
    }

    @Test func setupView_printerChoice_at80x24() {
        var response = SetupDataFlow.Response()
        response.step = .printer
        response.register = "K1"
        response.added = ["Ann", "Bob"]
        response.printers = PrintersInteractor.entries(
            queues: (1...12).map { PrintQueue(name: "queue\($0)", state: .idle, isRaw: true, isDefault: $0 == 1) }, fileFolder: "/var/lib/pos/receipts")
        response.selectedPrinter = 13
        let model = SetupPresenter().viewModel(response)
        var canvas = TextCanvas(size: size)
        var scroll = ScrollRegion()
        SetupView.draw(model, scroll: &scroll, in: &canvas, area: area)
        #expect(canvas.rendered().contains("Files in /var/lib/pos/receipts"))
        assertSnapshot(of: canvas.rendered(), as: .screen, named: "setup-printer")
    }

    @Test func setupMissing_namesTheConfigureOptions() {
        let lines = SetupInteractor.missing(FiscalSettings())
        #expect(lines.count == 1 && lines[0].contains("--tss-id --fiskaly-key --tax-number | --vat-id"))
        #expect(SetupInteractor.missing(FiscalSettings(taxNumber: "21/815/08150", tssID: "tss")).isEmpty)
    }

    @Test func setupView_german_terminalStepWithKeys_at80x24() {
        L10n.withLanguage(.german) {
            var response = SetupDataFlow.Response()
            response.step = .terminal
            response.register = "K1"
            response.added = ["Ann", "Bob"]
            response.text = "tcp://192.168.1.50:20007"
            let model = SetupPresenter().viewModel(response)
            var canvas = TextCanvas(size: size)
            var scroll = ScrollRegion()
            SetupView.draw(model, scroll: &scroll, in: &canvas, area: area)
            StatusBarView.drawKeys(model.keyHints, in: &canvas, row: 23)
            assertSnapshot(of: canvas.rendered(), as: .screen, named: "setup-terminal-de")
        }
    }

    @Test func cashiersView_german_addFormRole_at80x24() {
        L10n.withLanguage(.german) {
            var response = CashiersDataFlow.Response()
            response.isLoaded = true
            response.cashiers = Self.cashiers()
            var form = CashiersDataFlow.Form(purpose: .add, step: .role)
            form.name = "Dora"
            response.form = form
            let model = CashiersPresenter().viewModel(response)
            var canvas = TextCanvas(size: size)
            var scroll = ScrollRegion()
            CashiersView.draw(model, scroll: &scroll, in: &canvas, area: area)
            StatusBarView.drawKeys(model.keyHints, in: &canvas, row: 23)
            assertSnapshot(of: canvas.rendered(), as: .screen, named: "cashiers-role-de")
        }
    }
}
