import Glibc
import Hardware

/// A ``ByteTransport`` over a serial device node: `/dev/ttyACM0` (a terminal's CDC-ACM port bound by the
/// kernel), `/dev/ttyUSB0`, `/dev/ttyS0`, or the secondary side of a pseudo-terminal in tests.
///
/// Opens with `O_NOCTTY`, takes the line exclusively (`TIOCEXCL`), sets it raw with the given baud rate, data
/// bits, parity and stop bits and no flow control, and raises DTR/RTS where the line has modem control lines.
/// Reads wait with `poll(2)` on the transport's own queue.
///
/// Errors: missing node → `.notFound`, EACCES → `.permissionDenied` (install the udev rules), EBUSY → `.busy`,
/// EIO/ENXIO after an unplug or a hang-up → `.deviceGone`.
public actor TTYTransport: ByteTransport {
    private let executor: DispatchQueueExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The device node.
    public nonisolated let path: String
    /// The line settings applied at ``open()``.
    public nonisolated let settings: SerialSettings
    /// How long a write may wait for the line to drain (9600 baud moves about 1 kB/s).
    public nonisolated let writeTimeout: Duration
    public nonisolated let endpointDescription: String
    /// What is at the end of the line, named by the errors ``open()`` throws.
    public nonisolated let device: TransportError.Device

    private var descriptor: FileDescriptor?

    /// A transport for the device at `path`; nothing is opened until ``open()``. `device` names what is at the
    /// end of the line in the errors (a payment terminal unless told).
    public init(path: String, settings: SerialSettings, device: TransportError.Device = .terminal,
                writeTimeout: Duration = .seconds(10)) {
        self.path = path
        self.settings = settings
        self.device = device
        self.writeTimeout = writeTimeout
        endpointDescription = path
        executor = DispatchQueueExecutor(label: "pos.transport.tty")
    }

    /// A transport over a descriptor that is already open (the primary side of a ``PseudoTerminalPair``).
    /// The transport takes ownership of `descriptor` and configures it at ``open()``.
    init(adopting descriptor: Int32, endpoint: String, settings: SerialSettings) {
        path = endpoint
        self.settings = settings
        device = .terminal
        writeTimeout = .seconds(10)
        endpointDescription = endpoint
        executor = DispatchQueueExecutor(label: "pos.transport.tty.adopted")
        self.descriptor = FileDescriptor(descriptor, isSocket: false)
        adopted = true
    }

    private var adopted = false
    private var configured = false

    public func open() async throws(TransportError) {
        if let descriptor, descriptor.isOpen, configured { return }
        do {
            let line: FileDescriptor
            if let existing = descriptor, existing.isOpen, adopted {
                line = existing
            } else {
                let raw = try systemCall("open") { Glibc.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
                line = FileDescriptor(raw, isSocket: false)
                if !adopted { try systemCall("ioctl(TIOCEXCL)") { ioctl(raw, UInt(TIOCEXCL)) } }
            }
            try Self.configure(line.rawValue, settings: settings)
            try Self.raiseModemLines(line.rawValue)
            descriptor = line
            configured = true
        } catch let error as SystemCallError {
            if let line = Self.configurationError(error, endpoint: endpointDescription, settings: settings, device: device) {
                throw line
            }
            let hint = device == .terminal ? "install the udev rules: pos reader install-udev-rules" : nil
            throw error.transportError(endpoint: endpointDescription, permissionHint: hint).on(device)
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportError(.ioFailure, endpoint: endpointDescription, underlying: "\(error)", device: device)
        }
    }

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        try writeAllBytes(bytes)
    }

    public func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        try await readInSlices(maxLength: maxLength, timeout: timeout)
    }

    public func close() async {
        closeDescriptor()
    }

    // MARK: - Private

    func openDescriptor() throws(TransportError) -> FileDescriptor {
        guard let descriptor, descriptor.isOpen, configured else {
            throw TransportError(.closed, endpoint: endpointDescription, underlying: "not open")
        }
        return descriptor
    }

    func closeDescriptor() {
        descriptor?.close()
        descriptor = nil
        configured = false
    }

    /// A TTY reads 0 bytes only after a hang-up (VMIN = 0 is answered by poll first).
    func endOfFileError() -> TransportError {
        TransportError(.deviceGone, endpoint: endpointDescription, underlying: "end of file (hang-up)")
    }
}

extension TTYTransport: DescriptorTransport {}
