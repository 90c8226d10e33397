import Foundation
import Testing

/// The demo counter in German (`LANG=de_DE.UTF-8`) in a real terminal: a cash sale, a card sale on the
/// simulated terminal (sim://) and a shift close, every screen through the string catalog.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterGermanEndToEndTests {
    @Test func demoCounterInGerman_cashSaleCardSaleAndShiftClose_speaksGerman() async throws {
        // Given the demo counter with LANG=de_DE.UTF-8, no CUPS (receipts and the Z report print to files)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start("env LANG=de_DE.UTF-8 " + frames.counterCommand(data: data))
        #expect(await frames.frame(containing: "screen=sell", "status=demo") != nil)
        let sell = try await tmux.capture(containing: "kein Netz (Demo)")
        #expect(sell.contains("F11 Karte"))
        #expect(sell.contains("F12 Bar"))
        #expect(sell.contains("kein Netz (Demo)"))
        #expect(sell.contains("Suchen oder scannen:"))
        #expect(!sell.contains("Search or scan"))

        // When the cashier opens a shift with a float of 100,00
        try await tmux.press("F8")
        #expect(await frames.frame(containing: "screen=shift", "state=none") != nil)
        #expect(try await tmux.capture(containing: "Keine Schicht offen").contains("F2 Schicht öffnen"))
        try await tmux.press("F2")
        #expect(await frames.frame(containing: "screen=shift", "prompt=true") != nil)
        try await tmux.type("100,00")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=shift", "state=open", "expected=100,00€") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // And sells an espresso (2,20 €) for 5,00 in cash
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=2,20€") != nil)
        let cart = try await tmux.capture(containing: "SUMME 2,20 €")
        #expect(cart.contains("SUMME 2,20 €"))
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        #expect(try await tmux.capture(containing: "Barzahlung").contains("Zu zahlen:"))
        try await tmux.type("5")
        try await tmux.press("Enter")

        // Then the receipt screen gives the change in German
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        let cashReceipt = try await tmux.capture(containing: "RÜCKGELD:")
        #expect(cashReceipt.contains("2,80 €"))
        #expect(cashReceipt.contains("Nächster Verkauf"))
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)

        // When the next espresso is paid by card (F11 sends it to the simulated terminal at once)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=2,20€") != nil)
        try await tmux.press("F11")

        // Then it is approved and the receipt shows the card payment
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        #expect(try await tmux.capture(containing: "Karte:").contains("2,20 €"))
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)

        // And the order history names the tenders and the sync state in German, not by their codes (the demo's sales
        // are never sent: "Demo", not a "wartet" that would wait for ever)
        try await tmux.press("F9")
        #expect(await frames.frame(containing: "screen=orders") != nil)
        let orders = try await tmux.capture(containing: "1 Artikel")  // the rows, not the header shown while loading
        let rows = orders.split(separator: "\n").filter { $0.contains("1 Artikel") }
        #expect(rows.count == 2, "\(orders)")
        #expect(rows.contains { $0.contains(" bar ") } && rows.contains { $0.contains(" Karte ") }, "\(orders)")
        #expect(rows.allSatisfy { $0.hasSuffix("Demo") || $0.contains("Demo ") }, "\(orders)")
        for code in [" cash ", " card ", "pending", "wartet"] { #expect(!orders.contains(code), "\(code) in:\n\(orders)") }
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // When the cashier closes the shift with 102,20 counted
        try await tmux.press("F8")
        #expect(await frames.frame(containing: "screen=shift", "state=open", "expected=102,20€") != nil)
        #expect(try await tmux.capture(containing: "laufende Summen").contains("Soll-Bestand"))
        try await tmux.press("F5")
        #expect(await frames.frame(containing: "screen=shift", "prompt=true") != nil)
        #expect(try await tmux.capture(containing: "Gezähltes Bargeld").contains("Gezähltes Bargeld in der Lade:"))
        try await tmux.type("102,20")
        try await tmux.press("Enter")

        // Then the Z report is on screen in German, with no difference, and it was printed (to a file)
        #expect(await frames.frame(containing: "screen=shift", "state=closed", "expected=102,20€", "difference=0,00€") != nil)
        let closed = try await tmux.capture(containing: "Z-Bericht")
        #expect(closed.contains("Differenz"))
        #expect(closed.contains("Barverkäufe"))
        #expect(closed.contains("Schicht geschlossen"))
        let printed = try FileManager.default.contentsOfDirectory(atPath: data.url.appendingPathComponent("printed").path)
        #expect(!printed.isEmpty)
        // And the demo store, made in German, printed German paper: both receipts and the Z report, with
        // its card terminal rows, and no English word
        let papers = printed.sorted().compactMap {
            try? String(contentsOf: data.url.appendingPathComponent("printed").appendingPathComponent($0), encoding: .utf8)
        }
        #expect(papers.filter { $0.contains("BELEG") && $0.contains("Demo-Shop") }.count == 2, "\(papers)")
        #expect(papers.contains { $0.contains("Z-BERICHT") && $0.contains("Kartenterminal") }, "\(papers)")
        for paper in papers {
            // The card terminal's own slip lines are printed verbatim, in the terminal's language (the simulator's
            // are English), so they are left out: everything pos writes is checked.
            var ours: [Substring] = []
            var inSlip = false
            for line in paper.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.contains("KARTE: ZAHLUNG") { inSlip = true; ours.append(line); continue }
                if inSlip, line.hasPrefix("---") { inSlip = false }
                if !inSlip { ours.append(line) }
            }
            let text = ours.joined(separator: "\n")
            #expect(PaperLanguageEndToEndTests.found(PaperLanguageEndToEndTests.english, in: text) == [], "\(text)")
        }
        try await tmux.press("C-q")
    }
}
