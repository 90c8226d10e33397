import Foundation
import Testing

/// The counter's extras in a real terminal at 80×24, on the demo store: a customer found offline and
/// attached (and detached), a line discount, the "no sale" drawer open on the Z report, and the receipt preview
/// with a coupon and taxes before payment.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterExtrasEndToEndTests {

    private func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func demoCounter_customerSearchAttachDetach_andLineDiscount_paidOrderHasBoth() async throws {
        // Given the demo counter at 80×24 with an espresso (2,20 €) in the cart
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=2,20€", "saved=yes") != nil)

        // When the cashier finds Erika by phone and attaches her
        try await tmux.press("F6")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.type("030 1234567")
        #expect(await frames.frame(containing: "screen=sell", "results=1") != nil)
        let found = try await tmux.capture(containing: "Erika Mustermann")
        #expect(found.contains("Customers (↑↓, Enter attaches)"), "screen:\n\(found)")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "customer=2", "saved=yes") != nil)
        #expect(try await tmux.capture(containing: "Customer Erika Mustermann").contains("Customer Erika Mustermann"))

        // And detaches her (F6, Enter alone), then attaches her again by name
        try await tmux.press("F6")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.press("Enter")
        let detached = await frames.frame(containing: "screen=sell", "prompt=false", "saved=yes")
        #expect(detached?.contains("customer=") == false, "frame: \(detached ?? "")")
        try await tmux.press("F6")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.type("erika must")
        #expect(await frames.frame(containing: "screen=sell", "results=1") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "customer=2", "saved=yes") != nil)

        // And gives 10 % off the line (^D): 2,20 € → 1,98 €
        try await tmux.press("C-d")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        // (typed, then Enter once the text is on screen: a fast burst ending in Enter would read as a scan)
        try await tmux.type("10%")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "total=1,98€", "saved=yes") != nil)
        #expect(try await tmux.capture(containing: "Espresso (−10%)").contains("Espresso (−10%)"))
        // (another espresso is a line of its own: the discounted line keeps its quantity, as in the checkout)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=2", "items=2", "total=4,18€", "saved=yes") != nil)

        // And pays cash, exact
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)

        // Then the order belongs to customer 2 and has the line discount: 1,98 € + 2,20 €
        let orders = try await PosProcess.run(["orders", "list", "--data-dir", data.path, "--json"])
        let order = try #require((json(orders.stdout) as? [[String: Any]])?.first, "orders: \(orders.stdout)")
        #expect(order["customerId"] as? Int == 2)
        #expect(order["total"] as? String == "4.18")
        #expect((order["lines"] as? [[String: Any]])?.count == 2)
    }

    @Test func demoCounter_noSale_opensTheDrawerAndTheZReportCountsIt() async throws {
        // Given the demo counter (its printer is the file printer)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=sell", "message=none") != nil)

        // When the cashier presses ^O (no sale)
        try await tmux.press("C-o")
        #expect(await frames.frame(containing: "screen=sell", "message=info") != nil)
        let screen = try await tmux.capture(containing: "No sale: drawer opened")
        #expect(screen.contains("No sale: drawer opened, logged in shift 1"), "screen:\n\(screen)")
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)

        // Then the shift's Z report counts it, and the file printer got the NO SALE slip with the kick
        let report = try await PosProcess.run(["shift", "report", "--data-dir", data.path])
        #expect(report.status == 0, "stderr: \(report.stderr)")
        #expect(report.stdout.contains("No sale, drawer opened"), "report: \(report.stdout)")
        let printed = data.url.appendingPathComponent("printed")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: printed.path)) ?? []
        let texts = files.compactMap { try? String(contentsOf: printed.appendingPathComponent($0), encoding: .utf8) }
        #expect(texts.contains { $0.contains("NO SALE") }, "printed: \(files)")
    }

    @Test func demoCounter_receiptPreview_showsCouponAndTaxesBeforePayment() async throws {
        // Given a cart with an espresso and a croissant and the coupon DEMO10
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.type("4006381333931\r")
        try await tmux.type("4006381333993\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=2", "saved=yes") != nil)
        try await tmux.press("F5")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.type("DEMO10")
        #expect(await frames.frame(containing: "screen=sell", "prompt=true") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "total=3,60€", "saved=yes") != nil)

        // When the cashier presses ^R
        try await tmux.press("C-r")
        #expect(await frames.frame(containing: "screen=sell", "preview=yes") != nil)

        // Then the receipt as it will print: not paid, the coupon, the taxes, the total
        let screen = try await tmux.capture(containing: "PREVIEW - NOT PAID")
        #expect(screen.contains("PREVIEW - NOT PAID"), "screen:\n\(screen)")
        #expect(screen.contains("Coupon demo10"), "screen:\n\(screen)")
        #expect(screen.contains("VAT"), "screen:\n\(screen)")
        #expect(screen.contains("3,60"), "screen:\n\(screen)")

        // And Esc goes back to the cart, nothing paid
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=2", "preview=no") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "overlay=quit") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "never") == nil)
        let orders = try await PosProcess.run(["orders", "list", "--data-dir", data.path, "--json"])
        #expect((json(orders.stdout) as? [Any])?.isEmpty == true, "orders: \(orders.stdout)")
    }
}
