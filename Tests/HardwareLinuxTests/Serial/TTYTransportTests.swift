import Glibc
import Hardware
@testable import HardwareLinux
import Testing

@Suite struct TTYTransportTests {
    private func readExactly(_ count: Int, from transport: any ByteTransport) async throws -> [UInt8] {
        var received: [UInt8] = []
        while received.count < count {
            let chunk = try await transport.read(maxLength: count - received.count, timeout: .seconds(2))
            #expect(!chunk.isEmpty, "timed out after \(received.count) of \(count) bytes")
            if chunk.isEmpty { break }
            received += chunk
        }
        return received
    }

    @Test func write_allByteValuesOverPty_arriveByteExactBothWays() async throws {
        // Given
        let pair = try PseudoTerminalPair.open()
        let register = TTYTransport(path: pair.secondaryPath, settings: .zvt)
        let terminal = try pair.makePrimaryTransport()
        try await register.open()
        try await terminal.open()
        let frame: [UInt8] = (0...255).map { UInt8($0) } + [0x10, 0x02, 0x11, 0x13, 0x0D, 0x0A, 0x00, 0xFF]

        // When
        try await register.write(frame)
        let atTerminal = try await readExactly(frame.count, from: terminal)
        try await terminal.write(frame.reversed())
        let atRegister = try await readExactly(frame.count, from: register)

        // Then
        #expect(atTerminal == frame)
        #expect(atRegister == frame.reversed())
        await register.close()
        await terminal.close()
    }

    @Test func open_zvtSettingsOnPty_readBackAs9600_8N2Raw() async throws {
        // Given
        let pair = try PseudoTerminalPair.open()
        let register = TTYTransport(path: pair.secondaryPath, settings: .zvt)

        // When
        try await register.open()
        let fd = Glibc.open(pair.secondaryPath, O_RDWR | O_NOCTTY)
        try #require(fd >= 0)
        defer { Glibc.close(fd) }
        var options = termios()
        try #require(tcgetattr(fd, &options) == 0)

        // Then
        #expect(options.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        #expect(options.c_cflag & tcflag_t(CSTOPB) != 0)
        #expect(options.c_cflag & tcflag_t(PARENB) == 0)
        #expect(options.c_cflag & tcflag_t(CRTSCTS) == 0)
        #expect(options.c_iflag & tcflag_t(IXON | IXOFF) == 0)
        #expect(options.c_lflag & tcflag_t(ICANON | ECHO) == 0)
        #expect(cfgetospeed(&options) == speed_t(B9600))
        #expect(cfgetispeed(&options) == speed_t(B9600))
        await register.close()
    }

    /// Linux ptys force CS8 and no parity (drivers/tty/pty.c), so parity and data bits are checked on the
    /// termios the transport computes rather than read back from a pty.
    @Test(arguments: [SerialSettings.zvt, .concert, .concertRS232, SerialSettings(baudRate: 115200, parity: .odd)])
    func options_settings_encodeBitsParityStopBitsAndRate(settings: SerialSettings) throws {
        // When
        var options = try TTYTransport.options(from: termios(), settings: settings)

        // Then
        let expectedSize = settings.dataBits == 7 ? tcflag_t(CS7) : tcflag_t(CS8)
        #expect(options.c_cflag & tcflag_t(CSIZE) == expectedSize)
        #expect((options.c_cflag & tcflag_t(CSTOPB) != 0) == (settings.stopBits == .two))
        #expect((options.c_cflag & tcflag_t(PARENB) != 0) == (settings.parity != .none))
        #expect((options.c_cflag & tcflag_t(PARODD) != 0) == (settings.parity == .odd))
        #expect((options.c_iflag & tcflag_t(INPCK) != 0) == (settings.parity != .none))
        #expect(options.c_cflag & tcflag_t(CLOCAL | CREAD) == tcflag_t(CLOCAL | CREAD))
        #expect(options.c_cflag & tcflag_t(CRTSCTS) == 0)
        #expect(options.c_iflag & tcflag_t(IXON | IXOFF | IXANY) == 0)
        let expectedSpeed = settings.baudRate == 115200 ? speed_t(B115200) : speed_t(B9600)
        #expect(cfgetospeed(&options) == expectedSpeed)
    }

    @Test func read_terminalSideCloses_throwsDeviceGone() async throws {
        // Given
        let pair = try PseudoTerminalPair.open()
        let register = TTYTransport(path: pair.secondaryPath, settings: .zvt)
        try await register.open()

        // When: the other end of the cable goes away
        pair.closePrimary()

        // Then
        let error = await #expect(throws: TransportError.self) {
            _ = try await register.read(maxLength: 8, timeout: .seconds(2))
        }
        #expect(error?.code == .deviceGone)
    }

    @Test func read_registerSideCloses_terminalSeesDeviceGone() async throws {
        // Given
        let pair = try PseudoTerminalPair.open()
        let register = TTYTransport(path: pair.secondaryPath, settings: .zvt)
        let terminal = try pair.makePrimaryTransport()
        try await register.open()
        try await terminal.open()

        // When
        pair.closeSecondary()
        await register.close()

        // Then
        let error = await #expect(throws: TransportError.self) {
            _ = try await terminal.read(maxLength: 8, timeout: .seconds(2))
        }
        #expect(error?.code == .deviceGone)
    }

    @Test func read_nothingArrives_returnsEmptyAfterTimeout() async throws {
        // Given
        let pair = try PseudoTerminalPair.open()
        let register = TTYTransport(path: pair.secondaryPath, settings: .concert)
        try await register.open()

        // When
        let bytes = try await register.read(maxLength: 8, timeout: .milliseconds(50))

        // Then
        #expect(bytes.isEmpty)
        await register.close()
    }

    @Test func open_missingDevice_throwsNotFound() async throws {
        // Given
        let register = TTYTransport(path: "/dev/pos-no-such-terminal", settings: .zvt)

        // When / Then
        let error = await #expect(throws: TransportError.self) { try await register.open() }
        #expect(error?.code == .notFound)
    }

    @Test func open_badBaudRate_throwsLineSettingsRefused_namingTheSettings() async throws {
        // Given
        let pair = try PseudoTerminalPair.open()
        let register = TTYTransport(path: pair.secondaryPath, settings: SerialSettings(baudRate: 12345))

        // When / Then (it was `.ioFailure` before the line's settings had a code of their own)
        let error = await #expect(throws: TransportError.self) { try await register.open() }
        #expect(error?.code == .lineSettingsRefused)
        #expect(error?.underlying?.contains("12345 8N1") == true, "\(String(describing: error))")
    }

    @Test func open_notATerminal_throwsNotASerialLine() async throws {
        // Given: /dev/null opens but has no termios
        let register = TTYTransport(path: "/dev/null", settings: .zvt)

        // When / Then (it was `.ioFailure` before "no serial line" had a code of its own)
        let error = await #expect(throws: TransportError.self) { try await register.open() }
        #expect(error?.code == .notASerialLine)
        #expect(error?.device == .terminal)
    }

    @Test func open_scaleOnNoSerialLine_theErrorNamesTheScaleAndItsSetting() async throws {
        // Given
        let scale = TTYTransport(path: "/dev/null", settings: .toledo8217, device: .scale)

        // When
        let error = await #expect(throws: TransportError.self) { try await scale.open() }

        // Then
        let message = error?.message ?? ""
        #expect(message.hasPrefix("The scale's line /dev/null is not a serial line"), "\(message)")
        #expect(error?.recoverySuggestion.contains("pos settings set scale scale+serial:///dev/ttyUSB2") == true)
        #expect(!message.contains("terminal"))
        #expect(error?.on(.poleDisplay).message.hasPrefix("The pole display's line /dev/null") == true)
    }

    @Test func open_sevenBitsEvenParityOnPty_opensEveryTime_andBytesPassUnchanged() async throws {
        // Given a pty (Linux keeps it at 8N1 whatever one asks; glibc's tcsetattr then said EINVAL from the
        // second time on) and a scale's 9600 7E1
        let pair = try PseudoTerminalPair.open()
        let terminal = try pair.makePrimaryTransport()
        try await terminal.open()

        // When the scale's line is opened three times
        for _ in 0..<3 {
            let scale = TTYTransport(path: pair.secondaryPath, settings: .toledo8217, device: .scale)
            try await scale.open()
            try await scale.write([0x57])
            #expect(try await readExactly(1, from: terminal) == [0x57])
            try await terminal.write([0x02, 0x30, 0x31, 0x2E, 0x32, 0x33, 0x34, 0x0D])
            #expect(try await readExactly(8, from: scale) == [0x02, 0x30, 0x31, 0x2E, 0x32, 0x33, 0x34, 0x0D])
            await scale.close()
        }
        await terminal.close()
    }

    @Test func openLinkedAt_existingSymbolicLink_throwsBusyAndLeavesTheLink() throws {
        // Given another program's link (socat's, say) at the path
        let path = "/tmp/pos-test-link-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try #require(symlink("/dev/pts/0", path) == 0)
        defer { unlink(path) }

        // When
        let error = #expect(throws: TransportError.self) { _ = try PseudoTerminalPair.open(linkedAt: path) }

        // Then it is left as it was
        #expect(error?.code == .busy)
        var target = [CChar](repeating: 0, count: 256)
        let count = readlink(path, &target, 255)
        #expect(String(decoding: target.prefix(max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "/dev/pts/0")
    }

    @Test func openLinkedAt_path_registerReachesTheTerminalThroughTheLink() async throws {
        // Given
        let link = "/tmp/pos-test-pty-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var pair: PseudoTerminalPair? = try PseudoTerminalPair.open(linkedAt: link)
        let terminal = try #require(pair).makePrimaryTransport()
        let register = TTYTransport(path: link, settings: .zvt)
        try await terminal.open()
        try await register.open()

        // When
        try await register.write([0x10, 0x02, 0x10, 0x10, 0x10, 0x03])
        let received = try await readExactly(6, from: terminal)

        // Then
        #expect(received == [0x10, 0x02, 0x10, 0x10, 0x10, 0x03])
        await register.close()
        await terminal.close()
        pair = nil
        var status = stat()
        #expect(lstat(link, &status) != 0, "the link is removed with the pair")
    }

    @Test func openLinkedAt_regularFileInTheWay_throwsBusyAndKeepsTheFile() throws {
        // Given
        let path = "/tmp/pos-test-file-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = creat(path, 0o600)
        try #require(fd >= 0)
        Glibc.close(fd)
        defer { unlink(path) }

        // When
        let error = #expect(throws: TransportError.self) { _ = try PseudoTerminalPair.open(linkedAt: path) }

        // Then
        #expect(error?.code == .busy)
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
    }

    @Test func read_terminalTransportClosedAndPrimaryClosed_registerSeesDeviceGone() async throws {
        // Given: a simulator talking through a primary transport
        let pair = try PseudoTerminalPair.open()
        let register = TTYTransport(path: pair.secondaryPath, settings: .zvt)
        let terminal = try pair.makePrimaryTransport()
        try await register.open()
        try await terminal.open()

        // When: the simulator drops the line
        await terminal.close()
        pair.closePrimary()

        // Then
        let error = await #expect(throws: TransportError.self) { _ = try await register.read(maxLength: 8, timeout: .seconds(2)) }
        #expect(error?.code == .deviceGone)
    }
}
