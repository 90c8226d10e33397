import Hardware
import HardwareLinux
import POSFoundation
import Testing

/// The pole display driver over a real TTY (a pty pair, 9600 8N1): the display's end receives exactly the Epson
/// command bytes for each state.
@Suite struct PoleDisplaySerialEndToEndTests {
    private func readExactly(_ count: Int, from transport: any ByteTransport) async throws -> [UInt8] {
        var received: [UInt8] = []
        while received.count < count {
            let chunk = try await transport.read(maxLength: count - received.count, timeout: .seconds(5))
            if chunk.isEmpty { break }
            received += chunk
        }
        return received
    }

    @Test func saleStates_reachTheDisplayByteExact() async throws {
        // Given
        let pair = try PseudoTerminalPair.open()
        let displayEnd = try pair.makePrimaryTransport(settings: .poleDisplay)
        try await displayEnd.open()
        let address = try DeviceAddress("display+serial://" + pair.secondaryPath)
        let display = PoleDisplay(transport: TTYTransport(path: pair.secondaryPath, settings: .poleDisplay), address: address)
        let eur = { (cents: Int64) in Money(minorUnits: cents, currency: .eur) }
        let row1: [UInt8] = [0x1F, 0x24, 0x01, 0x01]
        let row2: [UInt8] = [0x1F, 0x24, 0x01, 0x02]

        // When: opened, an item, the same item again (not resent), the change
        try await display.open()
        let initialization = try await readExactly(11, from: displayEnd)
        try await display.show(.item(name: "Brötchen", price: eur(45), total: eur(1299)))
        try await display.show(.item(name: "Brötchen", price: eur(45), total: eur(1299)))
        try await display.show(.change(given: eur(2000), change: eur(701)))
        let states = try await readExactly(96, from: displayEnd)
        await display.close()
        let after = try await displayEnd.read(maxLength: 16, timeout: .milliseconds(100))

        // Then
        #expect(initialization == [0x1B, 0x40, 0x1B, 0x74, 0x13, 0x1F, 0x01, 0x1F, 0x43, 0x00, 0x0C])
        let item = row1 + Array("Br".utf8) + [0x94] + Array("tchen      0,45 ".utf8) + [0xD5]
            + row2 + Array("Summe        12,99 ".utf8) + [0xD5]
        let change = row1 + Array("Gegeben      20,00 ".utf8) + [0xD5]
            + row2 + Array("R".utf8) + [0x81] + Array("ckgeld      7,01 ".utf8) + [0xD5]
        #expect(states == item + change)
        #expect(after.isEmpty, "the repeated state was sent twice")
        await displayEnd.close()
        withExtendedLifetime(pair) {}
    }
}
