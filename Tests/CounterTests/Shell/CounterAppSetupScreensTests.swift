import Foundation
import POSFoundation
import Testing
import Yosemite
import YosemiteTestSupport
@testable import Counter

/// The cashiers, register and TSE screens headless, on a demo data directory with the real stores: the cashiers screen adds the first
/// manager (no approval: the store says the first needs none), the gate then locks, and the next cashier is
/// approved by the manager's PIN at the gate because the store asked for it.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CounterAppSetupScreensTests {
    private func typed(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } }

    /// Types a PIN as a person does: the digits, a frame showing them as dots, then Enter.
    private func typePin(_ pin: String, dots: String = "•", on screen: CanvasScreen) async {
        screen.type(typed(pin))
        _ = await screen.frame { $0.contains(String(repeating: dots, count: pin.count)) }
        screen.type([.enter])
    }

    @Test func cashiersScreen_firstManagerThenACashierApprovedAtTheGate() async throws {
        // Given the demo counter with no cashiers
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 24, columns: 80))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen)
        let running = Task { await app.run() }
        _ = await screen.frame { $0.contains("Search or scan") }

        // When the menu's Cashiers entry adds Ann as the first manager, her PIN typed twice
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type(typed("7"))
        _ = await screen.frame { $0.contains("No cashiers yet") }
        screen.type([.function(2)])
        _ = await screen.frame { $0.contains("New cashier") }
        screen.type(typed("Ann"))
        _ = await screen.frame { $0.contains("Name: Ann") }
        screen.type([.enter])
        let role = await screen.frame { $0.contains("Role: manager") }
        #expect(role.contains("1 cashier, 2 manager"))
        screen.type([.enter])
        _ = await screen.frame { $0.contains("PIN (4–8 digits)") }
        await typePin("2468", on: screen)
        _ = await screen.frame { $0.contains("PIN again:") }
        // A mismatch asks again from the first PIN
        await typePin("2469", on: screen)
        _ = await screen.frame { $0.contains("The two PINs differ") }
        await typePin("2468", on: screen)
        _ = await screen.frame { $0.contains("PIN again:") }
        await typePin("2468", on: screen)

        // Then the first cashier locks the counter, as a start with cashiers would; Ann signs in
        _ = await screen.frame { $0.contains("Sign in: press your number") }
        screen.type(typed("1"))
        _ = await screen.frame { $0.contains("PIN for Ann") }
        await typePin("2468", dots: "*", on: screen)
        let list = await screen.frame { $0.contains("1 cashier(s)") && !$0.contains("PIN for Ann") }
        #expect(list.contains("Ann") && list.contains("manager"))
        #expect(!list.contains("2468"))

        // When Bob is added as a cashier: the store wants a manager, so the gate asks for Ann's PIN
        screen.type([.function(2)])
        _ = await screen.frame { $0.contains("New cashier") }
        screen.type(typed("Bob"))
        _ = await screen.frame { $0.contains("Name: Bob") }
        screen.type([.enter])
        _ = await screen.frame { $0.contains("Role: cashier") }
        screen.type([.enter])
        let approval = await screen.frame { $0.contains("1  Ann") && !$0.contains("Sign in") }
        #expect(approval.contains("Manager approval"))
        screen.type(typed("1"))
        _ = await screen.frame { $0.contains("PIN: ") }
        await typePin("2468", dots: "*", on: screen)
        _ = await screen.frame { $0.contains("PIN (4–8 digits)") }
        await typePin("1357", on: screen)
        _ = await screen.frame { $0.contains("PIN again:") }
        await typePin("1357", on: screen)

        // Then both are listed, and the store has them
        let both = await screen.frame { $0.contains("2 cashier(s)") }
        #expect(both.contains("Bob can now sign in as a cashier."))
        let cashiers = try await manager.dispatch { CashierAction.list(reply: $0) }
        #expect(cashiers.map(\.name) == ["Ann", "Bob"])
        screen.close()
        await running.value
    }

    /// `pos` gives the counter its register enrolment (TSE client, unfinished sales); here a stand-in that records
    /// what it was asked, refusing ids with a space as the real one refuses invalid ids.
    actor RecordingRegisterSetting: RegisterSetting {
        var info = RegisterInfo(id: nil, tseClient: nil)
        var asked: [String] = []

        func current() async -> RegisterInfo { info }

        func set(_ id: String) async -> RegisterSetResult {
            asked.append(id)
            guard !id.contains(" ") else { return RegisterSetResult(isSet: false, lines: ["refused: \(id)"]) }
            info = RegisterInfo(id: id, tseClient: "client-\(id)")
            return RegisterSetResult(isSet: true, lines: ["Register \(id) set."])
        }
    }

    @Test func registerScreen_setsTheIdThroughTheRegisterSettingItWasGiven() async throws {
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 24, columns: 80))
        let setting = RecordingRegisterSetting()
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen, registerSetting: setting)
        let running = Task { await app.run() }
        _ = await screen.frame { $0.contains("Search or scan") }

        // When the register screen sets K9
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type(typed("8"))
        _ = await screen.frame { $0.contains("No register id set") }
        screen.type([.function(2)])
        _ = await screen.frame { $0.contains("Register id (letters, digits, -):") }
        screen.type(typed("K9"))
        _ = await screen.frame { $0.contains("Register id (letters, digits, -): K9") }
        screen.type([.enter])

        // Then it went through the setting, and the screen shows the register and its TSE client
        let set = await screen.frame { $0.contains("Register K9 set.") }
        #expect(set.contains("Register K9: receipt numbers K9-NNNNNN") && set.contains("TSE client: client-K9"))
        #expect(await setting.asked == ["K9"])
        screen.close()
        await running.value
    }

    @Test func tseScreen_exportIntoAFolderWithFiles_isRefusedAsTheCommandLineRefusesIt() async throws {
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let folder = directory.url.appendingPathComponent("export-target", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("other.txt"))
        let screen = CanvasScreen(size: TerminalSize(rows: 24, columns: 80))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen)
        let running = Task { await app.run() }
        _ = await screen.frame { $0.contains("Search or scan") }

        // When the TSE screen exports March into a folder that holds a file
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type(typed("9"))
        // (the test environment has no TSE: the status says so, as `pos fiscal status` would)
        let tse = await screen.frame { $0.contains("TSE: none set up") }
        #expect(tse.contains("Tax number: not set"))
        screen.type([.function(2)])
        _ = await screen.frame { $0.contains("From (YYYY-MM-DD):") }
        for text in ["2026-03-01", "2026-03-31", folder.path] {
            screen.type(typed(text))
            // (the field keeps its end in view)
            _ = await screen.frame { $0.contains(String(text.suffix(10)) + "_") }
            screen.type([.enter])
        }

        // Then the store refuses it, naming the folder, and nothing was written there
        _ = await screen.frame { $0.contains("The folder") }
        // (the line is cut to the screen; the whole message is the screen's, shown on ^E)
        #expect(app.router.current.message?.contains(folder.path + " is not empty") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["other.txt"])
        screen.close()
        await running.value
    }
}
