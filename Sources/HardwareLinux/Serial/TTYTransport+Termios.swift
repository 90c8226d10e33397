import Glibc
import Hardware

extension TTYTransport {
    /// Puts the line in raw mode with `settings` and no flow control, then discards anything buffered.
    ///
    /// A pseudo-terminal carries bytes as they are: Linux keeps it at 8 data bits without parity whatever one asks,
    /// and glibc's `tcsetattr` then reports EINVAL (reference/linux-stack.md, "Serial"). On a pty the line is
    /// therefore set to 8 bits, no parity; the bytes a 7E1 device sends (7-bit ASCII) arrive unchanged.
    static func configure(_ fd: Int32, settings: SerialSettings) throws {
        var current = termios()
        try systemCall("tcgetattr") { tcgetattr(fd, &current) }
        let settings = isPseudoTerminal(fd) ? settings.onPseudoTerminal : settings
        var options = try options(from: current, settings: settings)
        try systemCall("tcsetattr") { tcsetattr(fd, TCSANOW, &options) }
        try systemCall("tcflush") { tcflush(fd, TCIOFLUSH) }
    }

    /// The termios for `settings`, starting from `base`: raw, the rate in both directions, data bits, parity
    /// (checked on input), stop bits, no RTS/CTS or XON/XOFF, reads that return at once (VMIN = VTIME = 0).
    ///
    /// - Throws: ``SystemCallError`` with EINVAL for a non-standard rate or data bits outside 5…8.
    static func options(from base: termios, settings: SerialSettings) throws(SystemCallError) -> termios {
        guard let speed = baudConstant(settings.baudRate) else {
            throw SystemCallError(call: "cfsetspeed(\(settings.baudRate))", code: EINVAL)
        }
        guard let size = characterSize(settings.dataBits) else {
            throw SystemCallError(call: "data bits \(settings.dataBits)", code: EINVAL)
        }
        var options = base
        cfmakeraw(&options)
        try systemCall("cfsetispeed") { cfsetispeed(&options, speed) }
        try systemCall("cfsetospeed") { cfsetospeed(&options, speed) }
        options.c_cflag &= ~tcflag_t(CSIZE | PARENB | PARODD | CSTOPB)
        options.c_cflag &= ~tcflag_t(CRTSCTS)
        options.c_cflag |= tcflag_t(CLOCAL | CREAD) | size
        switch settings.parity {
        case .none: options.c_iflag &= ~tcflag_t(INPCK)
        case .even:
            options.c_cflag |= tcflag_t(PARENB)
            options.c_iflag |= tcflag_t(INPCK)
        case .odd:
            options.c_cflag |= tcflag_t(PARENB | PARODD)
            options.c_iflag |= tcflag_t(INPCK)
        }
        if settings.stopBits == .two { options.c_cflag |= tcflag_t(CSTOPB) }
        options.c_iflag &= ~tcflag_t(IXON | IXOFF | IXANY)
        withUnsafeMutableBytes(of: &options.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        return options
    }

    /// Whether `fd` is either side of a Unix 98 pseudo-terminal: a `/dev/pts/N` (majors 136–143) or `/dev/ptmx`
    /// (major 5, minor 2).
    static func isPseudoTerminal(_ fd: Int32) -> Bool {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return false }
        let device = UInt64(status.st_rdev)
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        return (136...143).contains(major) || (major == 5 && minor == 2)
    }

    /// Raises DTR and RTS (some terminals only talk once they see them). A pseudo-terminal has no modem lines
    /// and answers ENOTTY or EINVAL; that is not an error (reference/zvt.md, "Serial on a pty").
    static func raiseModemLines(_ fd: Int32) throws {
        var lines = Int32(TIOCM_DTR | TIOCM_RTS)
        let result = ioctl(fd, UInt(TIOCMBIS), &lines)
        guard result < 0 else { return }
        let code = errno
        if code == ENOTTY || code == EINVAL { return }
        throw SystemCallError(call: "ioctl(TIOCMBIS)", code: code)
    }

    /// The line a failed `configure` means: not a tty at all (ENOTTY), or settings the port refused (EINVAL).
    static func configurationError(_ error: SystemCallError, endpoint: String, settings: SerialSettings,
                                   device: TransportError.Device) -> TransportError? {
        if error.code == ENOTTY {
            return TransportError(.notASerialLine, endpoint: endpoint, underlying: error.description, device: device)
        }
        if error.code == EINVAL, !error.call.hasPrefix("tcflush") {
            return TransportError(.lineSettingsRefused, endpoint: endpoint,
                                  underlying: "\(settings): \(error.description)", device: device)
        }
        return nil
    }

    /// The termios constant for a standard rate.
    static func baudConstant(_ rate: Int) -> speed_t? {
        switch rate {
        case 1200: speed_t(B1200)
        case 2400: speed_t(B2400)
        case 4800: speed_t(B4800)
        case 9600: speed_t(B9600)
        case 19200: speed_t(B19200)
        case 38400: speed_t(B38400)
        case 57600: speed_t(B57600)
        case 115200: speed_t(B115200)
        case 230400: speed_t(B230400)
        default: nil
        }
    }

    /// The `CSIZE` bits for 5…8 data bits.
    static func characterSize(_ bits: Int) -> tcflag_t? {
        switch bits {
        case 5: tcflag_t(CS5)
        case 6: tcflag_t(CS6)
        case 7: tcflag_t(CS7)
        case 8: tcflag_t(CS8)
        default: nil
        }
    }
}
