import Hardware
import HardwareLinux
import POSFoundation
import Testing
import TerminalSimulator

/// The 8217 scale driver over a real TTY (a pty pair) against the simulated scale: a weighed product is weighed
/// and its line priced by the function the checkout calls.
///
/// A real 8217 line is 9600 7E1 (the address's default); a pty has no UART and this kernel refuses parity and
/// 7-bit characters on it (tcsetattr EINVAL), so the tests give `?line=9600,8N1`. The protocol is 7-bit ASCII,
/// so the bytes are the same; the parser masks an 8th (parity) bit either way.
@Suite(.serialized) struct ScaleSerialEndToEndTests {
    /// A generous answer timeout, so a busy machine never turns a slow answer into `noAnswer`; motion retries
    /// pause briefly. Nothing here asserts on time.
    static let configuration = Toledo8217WeighingStateMachine.Configuration(
        answerTimeout: .seconds(20), attempts: 2, motionRetryInterval: .milliseconds(10), motionRetries: 5
    )
    /// For the silent scale only: no answer ever comes, so a short timeout cannot fire too early.
    static let silentConfiguration = Toledo8217WeighingStateMachine.Configuration(
        answerTimeout: .milliseconds(200), attempts: 2, motionRetryInterval: .milliseconds(10), motionRetries: 5
    )

    /// Runs `body` with a driver on the register's end of a pty and the simulated scale on the other.
    private func withScale(
        _ script: String, _ body: (Toledo8217Scale, Toledo8217ScaleEngine) async throws -> Void
    ) async throws {
        let pair = try PseudoTerminalPair.open()
        let engine = Toledo8217ScaleEngine(script: try ScaleScript(parsing: script))
        let scaleEnd = try pair.makePrimaryTransport(settings: SerialSettings(baudRate: 9600))
        try await scaleEnd.open()
        let server = Task { await engine.serve(scaleEnd) }
        let address = try DeviceAddress("scale+serial://" + pair.secondaryPath + "?line=9600,8N1")
        let scale = Toledo8217Scale(
            transport: TTYTransport(path: pair.secondaryPath, settings: SerialSettings(baudRate: 9600)), address: address,
            configuration: script == "silent" ? Self.silentConfiguration : Self.configuration
        )
        try await scale.open()
        try await body(scale, engine)
        await scale.close()
        server.cancel()
        await server.value
        withExtendedLifetime(pair) {}
    }

    @Test func stableWeight_isReadAndLinePriced() async throws {
        try await withScale("stable:1234") { scale, engine in
            // Given: the checkout scanned a product sold by the kilogram
            let catalog = ["4006381333931": (name: "Emmental", perKilogram: Money(minorUnits: 1299, currency: .eur))]
            let product = try #require(catalog["4006381333931"])

            // When: the weight is read and the line priced
            let weight = try await scale.weigh()
            let line = WeighedLine(weight, unitPrice: product.perKilogram)

            // Then
            #expect(weight == ScaleWeight(grams: 1234, displayed: "01.234"))
            #expect(line.price == Money(minorUnits: 1603, currency: .eur))
            #expect(line.description == "1.234 kg x 12.99 EUR/kg = 16.03 EUR")
            #expect(PoleDisplayEncoder().rows(for: .weighedItem(name: product.name, line: line))
                == ("Emmental     16,03 €", "1,234 kg  x 12,99/kg"))
            #expect(engine.weightRequests == 1)
        }
    }

    @Test func unstableThenStable_asksAgainUntilSettled() async throws {
        try await withScale("moving,moving,net:500") { scale, engine in
            let weight = try await scale.weigh()
            let line = WeighedLine(weight, unitPrice: Money(minorUnits: 2490, currency: .eur))
            #expect(weight == ScaleWeight(grams: 500, isNet: true, displayed: "00.500"))
            #expect(line.price == Money(minorUnits: 1245, currency: .eur))
            #expect(line.weightText == "0.500 kg N")
            #expect(engine.weightRequests == 3)
        }
    }

    @Test(arguments: [
        ("moving", ScaleError.Code.unstable), ("zero", .zero), ("under", .underZero), ("over", .overCapacity),
        ("stable:120000", .overCapacity), ("zero-error", .zeroError), ("pounds:271", .wrongUnit),
        ("silent", .noAnswer), ("garbage", .unreadable),
    ])
    func noSellableWeight_throwsWhatToDo(script: String, code: ScaleError.Code) async throws {
        try await withScale(script) { scale, _ in
            await #expect { try await scale.weigh() } throws: { error in
                (error as? ScaleError)?.code == code
            }
        }
    }

    @Test func weighingAgain_afterAFailure_works() async throws {
        try await withScale("zero,stable:250") { scale, _ in
            await #expect(throws: ScaleError(.zero)) { try await scale.weigh() }
            let grams = try await scale.weigh().grams
            #expect(grams == 250)
        }
    }
}
