import Foundation
import Localization
import POSFoundation
import Testing
@testable import CustomerDisplayWeb
@testable import Yosemite

/// The web display's server rules that need no socket: which Host headers it answers (no DNS rebinding), the
/// event stream's keep-alive comment, the logo's file and size limit, and the words of a view.
struct DisplayWebServerTests {
    private let loopback = DisplayWebServer.allowedNames(host: "127.0.0.1", extra: [])

    @Test func host_loopbackNamesWithTheBoundPort_areAnswered() {
        for header in ["127.0.0.1:8470", "localhost:8470", "LOCALHOST:8470", "[::1]:8470", "localhost.:8470"] {
            #expect(DisplayWebServer.hostAllowed(header, names: loopback, port: 8470), "\(header)")
        }
    }

    @Test func host_otherNamesPortsOrNone_areRefused() {
        for header: String? in [nil, "", "evil.example:8470", "evil.example", "127.0.0.1:8471", "127.0.0.1",
                                "127.0.0.1.evil.example:8470", "[::1", "[::1]8470", "192.168.1.20:8470"] {
            #expect(!DisplayWebServer.hostAllowed(header, names: loopback, port: 8470), "\(header ?? "nil")")
        }
        // Port 80 may go without it
        #expect(DisplayWebServer.hostAllowed("localhost", names: loopback, port: 80))
    }

    @Test func host_onTheLAN_theListenAddressAndTheMachinesAddresses() {
        let lan = DisplayWebServer.allowedNames(host: "0.0.0.0", extra: ["192.168.1.20", "fe80::1"])
        #expect(DisplayWebServer.hostAllowed("192.168.1.20:8470", names: lan, port: 8470))
        #expect(DisplayWebServer.hostAllowed("[fe80::1]:8470", names: lan, port: 8470))
        #expect(DisplayWebServer.hostAllowed("127.0.0.1:8470", names: lan, port: 8470))
        #expect(!DisplayWebServer.hostAllowed("pos.attacker.example:8470", names: lan, port: 8470))
        let listen = DisplayWebServer.allowedNames(host: "192.168.1.20", extra: [])
        #expect(DisplayWebServer.hostAllowed("192.168.1.20:8470", names: listen, port: 8470))
    }

    @Test func events_keepAliveCommentBetweenViews() async {
        // Given a hub with a view, and a stream whose keep-alive beats every 10 ms
        let hub = DisplayWebHub()
        let view = DisplayWebView.closed(boot: "b", seq: 1, language: .english, store: "Shop")
        hub.publish(view)
        var chunks = DisplayWebServer.eventChunks(hub: hub, keepAlive: .milliseconds(10)).makeAsyncIterator()
        // Then the view comes first, then a comment (which EventSource ignores)
        #expect(await chunks.next() == view.event())
        #expect(await chunks.next() == ": keep-alive\n\n")
        // And a new view still comes through
        var later = view
        later.seq = 2
        hub.publish(later)
        var seen = false
        while let chunk = await chunks.next() {
            if chunk == later.event() { seen = true; break }
            #expect(chunk == ": keep-alive\n\n")
        }
        #expect(seen)
        hub.finish()
    }

    @Test func logo_pngOrSvg_withinTheLimit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(DisplayLogo.load(from: directory) == nil)
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
        try svg.write(to: directory.appendingPathComponent("display-logo.svg"))
        #expect(DisplayLogo.load(from: directory) == DisplayLogo(data: svg, contentType: "image/svg+xml"))
        // A PNG wins over an SVG; one larger than the limit is ignored
        try Data(count: DisplayLogo.maxBytes + 1).write(to: directory.appendingPathComponent("display-logo.png"))
        #expect(DisplayLogo.load(from: directory)?.contentType == "image/svg+xml")
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        try png.write(to: directory.appendingPathComponent("display-logo.png"))
        #expect(DisplayLogo.load(from: directory) == DisplayLogo(data: png, contentType: "image/png"))
    }

    @Test func view_cardStepReceiptCustomerAndTSEOutage_inGerman() {
        let eur = { (cents: Int64) in Money(minorUnits: cents, currency: .eur) }
        var sale = CustomerDisplayState(phase: .sale, lines: [.init(name: "Espresso", quantity: 1, amount: eur(220))],
                                        total: eur(220), paid: eur(0))
        sale.language = .german
        sale.customerName = "Erika Mustermann"
        sale.cardStep = .enterPIN
        let paying = DisplayWebView.of(sale, boot: "b", seq: 1)
        #expect(paying.card == "Bitte PIN eingeben")
        #expect(paying.cardKind == "enterPIN")
        #expect(paying.customer == "Hallo, Erika Mustermann!")
        #expect(paying.notice.isEmpty)

        var paid = sale
        paid.phase = .paid
        paid.paid = eur(220)
        paid.cardStep = .approved
        paid.receiptNumber = "K1-000042"
        paid.tseOutage = true
        let thanks = DisplayWebView.of(paid, boot: "b", seq: 2)
        #expect(thanks.headline == "Vielen Dank!")
        #expect(thanks.note == "Beleg-Nr. K1-000042")
        #expect(thanks.notice == "TSE ausgefallen: dieser Verkauf ist nicht signiert.")
        #expect(thanks.card.isEmpty, "the thank-you replaces the terminal's step")

        var closed = sale
        closed.phase = .closed
        #expect(DisplayWebView.of(closed, boot: "b", seq: 3).phase == "closed")
    }
}
