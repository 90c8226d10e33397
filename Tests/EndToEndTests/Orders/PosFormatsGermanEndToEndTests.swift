import Foundation
import Testing

/// On real `pos` processes in German (`LANG=de_DE.UTF-8`, the demo store) with the till in
/// Berlin (`TZ=Europe/Berlin`, so local time is not UTC): amounts typed with a comma or a point through the one
/// parser, "1.000" refused with why and what to type (exit 64), amounts in messages in the store's format, tax rates
/// as "19 %", local date and time in human lines and ISO 8601 with the offset in `--json`.
@Suite(.serialized)
struct PosFormatsGermanEndToEndTests {
    let data: TemporaryDirectory

    init() throws {
        data = try TemporaryDirectory()
    }

    private var environment: [String: String] {
        ["CUPS_SERVER": "\(data.path)/no-cups.sock", "LANG": "de_DE.UTF-8", "TZ": "Europe/Berlin"]
    }

    private func german(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: environment)
    }

    @Test func amountsTypedBothWays_ambiguousRefused_messagesAndRatesAndTimesInGerman() async throws {
        defer { data.remove() }
        // When sold with a comma and with a point
        let comma = try await german(["sell", "--item", "1", "--pay", "cash:10,00"])
        let point = try await german(["sell", "--item", "1", "--pay", "cash:10.00"])
        // Then both are ten euros, and the tax rate reads "19 %"
        for sale in [comma, point] {
            #expect(sale.status == 0, "\(sale.stderr)")
            #expect(sale.stdout.contains("Gegeben: 10,00 €"), "\(sale.stdout)")
            #expect(sale.stdout.contains("Steuer MwSt. 19 %: "), "\(sale.stdout)")
            #expect(!sale.stdout.contains("19.0000"), "\(sale.stdout)")
        }

        // When "1.000" is typed where "." groups thousands
        let unclear = try await german(["sell", "--item", "1", "--pay", "cash:1.000"])
        // Then it is refused as a usage error that says why and what to type, and nothing is sold
        #expect(unclear.status == 64, "\(unclear.stdout) \(unclear.stderr)")
        #expect(unclear.stderr.contains("„1.000“ ist mehrdeutig"), "\(unclear.stderr)")
        #expect(unclear.stderr.contains("Für die ganze Zahl 1000 schreiben, mit Nachkommastellen 1,00."), "\(unclear.stderr)")

        // When too little cash is given, the amounts read as the store writes them, the hint as it is typed
        let short = try await german(["sell", "--item", "1", "--pay", "cash:0,10"])
        #expect(short.status == 1)
        #expect(short.stderr.contains("gegeben 0,10 € ist weniger als die fälligen 2,20 €"), "\(short.stderr)")
        #expect(short.stderr.contains("--pay cash:2,20"), "\(short.stderr)")

        // When part of order 1 is refunded with a comma, then too much
        let refund = try await german(["refund", "1", "--amount", "0,50"])
        #expect(refund.status == 0, "\(refund.stderr)")
        #expect(refund.stdout.contains("0,50 €"), "\(refund.stdout)")
        let tooMuch = try await german(["refund", "1", "--amount", "99"])
        #expect(tooMuch.status == 1)
        #expect(tooMuch.stderr.contains("99,00 € ist mehr als die noch zu erstattenden 1,70 €"), "\(tooMuch.stderr)")

        // When a shift amount is typed both ways and ambiguously
        #expect(try await german(["shift", "cash-in", "5,50", "--reason", "Wechselgeld"]).status == 0)
        let cashIn = try await german(["shift", "cash-in", "1.000", "--reason", "Wechselgeld"])
        #expect(cashIn.status == 64, "\(cashIn.stderr)")
        #expect(cashIn.stderr.contains("„1.000“ ist mehrdeutig"), "\(cashIn.stderr)")

        // Then the order list shows local date and time (Berlin, DIN 5008), never UTC's "…Z"
        let list = try await german(["orders", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        let times = list.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        for row in times {
            #expect(row.count > 2 && row[1].wholeMatch(of: /\d\d\.\d\d\.\d{4}/) != nil
                && row[2].wholeMatch(of: /\d\d:\d\d/) != nil, "\(list.stdout)")
        }
        #expect(!list.stdout.contains("Z "), "\(list.stdout)")
        let show = try await german(["orders", "show", "1"])
        #expect(show.stdout.contains("Steuer MwSt. 19 %"), "\(show.stdout)")
        #expect(show.stdout.contains(try #require(times.last.map { "Verkauft: \($0[1]) \($0[2])" })), "\(show.stdout)")

        // And --json writes ISO 8601 with Berlin's offset
        let json = try await german(["orders", "list", "--json"])
        let orders = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(orders.count == 2)
        for order in orders {
            let createdAt = try #require(order["createdAt"] as? String)
            #expect(createdAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00/) != nil, "\(createdAt)")
        }
        // And the local time in the list is that instant in Berlin
        let iso = try #require(orders.last?["createdAt"] as? String)
        let hourMinute = String(iso.dropFirst(11).prefix(5))
        #expect(list.stdout.contains(hourMinute), "\(hourMinute) in \(list.stdout)")
    }

    @Test func scaleWeigh_unitPriceWithAComma_pricesAndPrintsWithCommas() async throws {
        defer { data.remove() }
        // Given the scale simulator on a pty of its own
        let path = "\(data.path)/scale"
        let scale = try await RunningPos(["scale-sim", "--serial", path, "--script", "stable:1234"])
        defer { scale.terminate() }
        #expect(await scale.line(containing: path) != nil)
        // When weighed with a price per kilogram typed with a comma
        let weighed = try await PosProcess.run(["scale", "weigh", "scale+serial://\(path)", "--unit-price", "12,99"],
                                              environment: ["LANG": "de_DE.UTF-8"])
        // Then the line reads with commas: 1,234 kg × 12,99 = 16,03
        #expect(weighed.status == 0, "\(weighed.stderr)")
        #expect(weighed.stdout.contains("1,234 kg x 12,99 EUR/kg = 16,03 EUR"), "\(weighed.stdout)")
        // And an ambiguous price is refused with exit 64
        let unclear = try await PosProcess.run(["scale", "weigh", "scale+serial://\(path)", "--unit-price", "1.299"],
                                              environment: ["LANG": "de_DE.UTF-8"])
        #expect(unclear.status == 64, "\(unclear.stderr)")
        #expect(unclear.stderr.contains("„1.299“ ist mehrdeutig"), "\(unclear.stderr)")
    }
}
