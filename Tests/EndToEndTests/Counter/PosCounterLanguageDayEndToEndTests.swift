import Foundation
import Testing

/// A whole day at the demo counter at 80×24, once in German and once in English, every screen captured in
/// tmux: a cash sale, a card sale, a split, a no-sale, a refund, the orders, the menu's screens (settings among
/// them), help on the way, and the shift closed to its Z report. The German captures must hold no word of an English
/// stop-list, the English ones no word of a German stop-list (``LanguageStopList``).
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterLanguageDayEndToEndTests {
    @Test(arguments: ["de_DE.UTF-8", "en_US.UTF-8"])
    func wholeDay_atTheCounter_speaksOneLanguage(locale: String) async throws {
        let german = locale.hasPrefix("de")
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start("env LANG=\(locale) TZ=Europe/Berlin " + frames.counterCommand(data: data), columns: 80, rows: 24)
        var day = DayCaptures(tmux: tmux)

        // The empty sale, its help
        #expect(await frames.frame(containing: "screen=sell", "status=demo") != nil)
        try await day.take("sell")
        try await tmux.press("F1")
        #expect(await frames.frame(containing: "overlay=help") != nil)
        try await day.take("help on sell")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // The shift opened with a float of 100
        try await tmux.press("F8")
        #expect(await frames.frame(containing: "screen=shift", "state=none") != nil)
        try await day.take("no shift")
        try await tmux.press("F2")
        #expect(await frames.frame(containing: "screen=shift", "prompt=true") != nil)
        try await day.take("float prompt")
        try await tmux.type("100")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=shift", "state=open") != nil)
        try await day.take("shift open")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // A cash sale
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await day.take("cart")
        try await tmux.press("C-r")
        #expect(await frames.frame(containing: "screen=sell", "preview=yes") != nil)
        try await day.take("preview")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "preview=no") != nil)
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await day.take("pay cash")
        try await tmux.press("F1")
        #expect(await frames.frame(containing: "overlay=help") != nil)
        try await day.take("help on pay")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("5")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await day.take("receipt after cash")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)

        // A card sale on the simulated terminal
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await tmux.press("F11")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await day.take("receipt after card")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)

        // A split: 1 in cash, the rest by card
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("1")
        try await tmux.press("F11")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await day.take("receipt after split")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)

        // A no-sale
        try await tmux.press("C-o")
        #expect(await frames.frame(containing: "screen=sell", "message=") != nil)
        try await day.take("no sale")

        // The orders, the split's detail, the cash sale refunded
        try await tmux.press("F9")
        #expect(await frames.frame(containing: "screen=orders", "orders=3") != nil)
        try await day.take("orders")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "detail=true") != nil)
        try await day.take("split's detail")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "detail=false") != nil)
        try await tmux.press("Down", "Down", "Enter")
        #expect(await frames.frame(containing: "screen=orders", "detail=true") != nil)
        try await day.take("cash sale's detail")
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=amount") != nil)
        try await day.take("refund amount")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=question") != nil)
        try await day.take("refund asks")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "refunded=1") != nil)
        try await day.take("refunded")
        // And the split refunded with Enter alone: the card's part first, on the terminal
        try await tmux.press("Up", "Up")
        #expect(await frames.frame(containing: "screen=orders", "detail=true") != nil)
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=amount", "refundDefault=card") != nil)
        try await day.take("split's refund: the card first")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=question") != nil)
        try await day.take("split's refund asks")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=none", "refunding=false", "message=info") != nil)
        try await day.take("split's card part refunded")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=orders") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // The menu and its screens, settings among them
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=menu") != nil)
        try await day.take("menu")
        for (key, screen, loaded) in [("1", "sync", ""), ("2", "printers", "loaded=true"), ("3", "settings", ""),
                                      ("4", "login", ""), ("5", "readers", ""), ("7", "cashiers", "loaded=true"),
                                      ("8", "register", "loaded=true"), ("9", "fiscal", "loaded=true")] {
            try await tmux.type(key)
            #expect(await frames.frame(containing: ["screen=\(screen)", loaded].filter { !$0.isEmpty }, seen: { _ in }) != nil)
            try await day.take(screen)
            try await tmux.press("Escape")
            #expect(await frames.frame(containing: "screen=menu") != nil)
        }
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // The shift closed to its Z report, read to its end
        try await tmux.press("F8")
        #expect(await frames.frame(containing: "screen=shift", "state=open") != nil)
        try await day.take("shift before close")
        try await tmux.press("F5")
        #expect(await frames.frame(containing: "screen=shift", "prompt=true") != nil)
        try await day.take("count prompt")
        try await tmux.type("102")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=shift", "state=closed") != nil)
        try await day.take("Z report")
        try await tmux.press("End")
        #expect(await frames.frame(containing: "screen=shift", "state=closed", "atEnd=true") != nil)
        try await day.take("Z report end")
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.press("C-q")

        // Then no capture holds a word of the other language
        let list = german ? LanguageStopList.english : LanguageStopList.german
        let found = day.captures.compactMap { name, text in LanguageStopList.report(name, text, list) }
        #expect(found.isEmpty, "\(locale): words of the other language on screen:\n\(found.joined(separator: "\n"))")
        #expect(day.captures.count == 35)
    }
}

/// The screens of a day, in the order they were taken.
struct DayCaptures {
    let tmux: TmuxSession
    private(set) var captures: [(String, String)] = []

    init(tmux: TmuxSession) { self.tmux = tmux }

    /// The pane once the frame the caller awaited has reached tmux: captured until two captures in a row agree
    /// (each capture is a round trip through the tmux server, which reads the pty on the way; no fixed sleep).
    mutating func take(_ name: String) async throws {
        var previous = try await tmux.capture()
        for _ in 0..<20 {
            let next = try await tmux.capture()
            if next == previous { break }
            previous = next
        }
        captures.append((name, previous))
    }
}
