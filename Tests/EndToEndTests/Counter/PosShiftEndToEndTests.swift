import Foundation
import Testing

/// The shift and its Z report in a real terminal (tmux) and from the command line, on the demo store.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosShiftEndToEndTests {
    @Test func demoCounter_openShiftSellCashOutClose_zReportShowsExpectedCashAndDifference() async throws {
        // Given the demo counter in a 100x30 terminal, with no CUPS (reports print to files)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data))
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // When the cashier opens a shift with a float of 100.00
        try await tmux.press("F8")
        #expect(await frames.frame(containing: "screen=shift", "state=none") != nil)
        try await tmux.press("F2")
        #expect(await frames.frame(containing: "screen=shift", "prompt=true") != nil)
        try await tmux.type("100.00")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=shift", "state=open", "expected=100,00€") != nil)

        // And sells an espresso (2,20 €) for exact cash
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)

        // And takes 5.00 out, then closes with 96.00 counted
        try await tmux.press("F8")
        #expect(await frames.frame(containing: "screen=shift", "state=open", "expected=102,20€") != nil)
        try await tmux.press("F4")
        try await tmux.type("5.00")
        try await tmux.press("Enter")
        try await tmux.type("bank")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=shift", "state=open", "expected=97,20€") != nil)
        try await tmux.press("F5")
        try await tmux.type("96.00")
        try await tmux.press("Enter")

        // Then the Z report shows the expected cash and the difference, and it was printed to a file
        #expect(await frames.frame(containing: "screen=shift", "state=closed", "expected=97,20€", "difference=-1,20€") != nil)
        let screen = try await tmux.capture(containing: "Z report")
        #expect(screen.contains("Expected cash"))
        #expect(screen.contains("-1,20 €"))
        // (the sale's receipt, printed when it completed, and the Z report)
        let printed = try FileManager.default.contentsOfDirectory(atPath: data.url.appendingPathComponent("printed").path)
        #expect(printed.count == 2)
        try await tmux.press("C-q")
    }

    @Test func shiftCommands_openCashOutClose_printTheZReport() async throws {
        // Given the demo data directory
        let data = try TemporaryDirectory()
        defer { data.remove() }
        _ = try await PosProcess.run(["--data-dir", data.path])
        let environment = ["CUPS_SERVER": "\(data.path)/no-cups.sock"]

        // When a script runs a shift with a cash-out and no sales
        let open = try await PosProcess.run(["shift", "open", "--data-dir", data.path, "--float", "100.00"], environment: environment)
        #expect(open.status == 0, "\(open.stderr)")
        let again = try await PosProcess.run(["shift", "open", "--data-dir", data.path, "--float", "1"], environment: environment)
        #expect(again.status != 0)
        #expect(again.stderr.contains("already open"))
        let out = try await PosProcess.run(["shift", "cash-out", "5,00", "--reason", "bank", "--data-dir", data.path], environment: environment)
        #expect(out.stdout.contains("95,00 €"), "\(out.stderr)")
        let close = try await PosProcess.run(["shift", "close", "--counted", "95", "--data-dir", data.path], environment: environment)

        // Then the Z report balances and printed
        #expect(close.status == 0, "\(close.stderr)")
        #expect(close.stdout.contains("Z REPORT"))
        #expect(close.stdout.contains("Expected cash"))
        #expect(close.stdout.contains("Printed on"))
    }

    @Test func shiftClose_cardSalesInTwoRuns_runsTheSimulatorsEndOfDayAndMatches() async throws {
        // Given the demo data directory, a shift, and two card sales on sim:// in two separate pos runs (the
        // in-process terminal keeps its batch in the data directory between runs)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        _ = try await PosProcess.run(["--data-dir", data.path])
        let environment = ["CUPS_SERVER": "\(data.path)/no-cups.sock"]
        _ = try await PosProcess.run(["shift", "open", "--data-dir", data.path, "--float", "0"], environment: environment)
        for _ in 0..<2 {
            let sell = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "4006381333931", "--pay", "card"],
                                                environment: environment)
            #expect(sell.status == 0, "\(sell.stderr)")
        }

        // When the shift closes
        let close = try await PosProcess.run(["shift", "close", "--counted", "0", "--data-dir", data.path], environment: environment)

        // Then the terminal's end of day ran in the close and its totals sit beside the drawer's
        #expect(close.status == 0, "\(close.stderr)")
        #expect(close.stdout.contains("Card terminal"))
        #expect(close.stdout.contains("Terminal total (2)"))
        #expect(close.stdout.contains("4,40 €"))
        #expect(close.stdout.contains("Terminal end of day matches the shift's card sales"), "\(close.stdout)")
        let report = try await PosProcess.run(["shift", "report", "--data-dir", data.path], environment: environment)
        #expect(report.stdout.contains("Shift card total (2)"))
    }
}
