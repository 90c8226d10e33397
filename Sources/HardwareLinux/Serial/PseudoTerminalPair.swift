import POSFoundation
import Glibc
import Hardware
import Synchronization

/// A pseudo-terminal pair (`openpty`): a serial cable inside the machine, for the terminal simulator and tests.
///
/// The register opens ``secondaryPath`` (`/dev/pts/N`) with a ``TTYTransport`` as it would `/dev/ttyACM0`; the
/// simulated terminal talks on the primary side through ``makePrimaryTransport(settings:)``. Both sides start
/// raw (no echo, no line editing). The pair keeps its own secondary descriptor open until
/// ``closeSecondary()``, so the primary side does not see a hang-up before the register opens the path.
///
/// To drop the line (the terminal "unplugged"), close every primary transport and call ``closePrimary()``: the
/// register's next read then fails with `.deviceGone`.
public final class PseudoTerminalPair: Sendable {
    /// The secondary side's device node, e.g. "/dev/pts/3".
    public let secondaryPath: String
    /// The primary side's descriptor (the pair owns it until ``makePrimaryTransport(settings:)`` takes a copy).
    public let primaryDescriptor: Int32

    /// A symbolic link to ``secondaryPath`` that the pair created (``open(linkedAt:)``) and removes on deinit.
    public let linkPath: String?

    private let descriptors: Mutex<(primary: Int32, secondary: Int32)>

    private init(primary: Int32, secondary: Int32, secondaryPath: String, linkPath: String? = nil) {
        primaryDescriptor = primary
        self.secondaryPath = secondaryPath
        self.linkPath = linkPath
        descriptors = Mutex((primary, secondary))
    }

    deinit {
        closePrimary()
        closeSecondary()
        removeLink()
    }

    /// Opens a new raw pair and makes `link` a symbolic link to its secondary side, as `socat pty,link=…` does,
    /// so the register can be given a stable path (`zvt+serial:///tmp/ttyPOS`). Nothing at `link` is ever
    /// replaced: when a file or a link (another program's, socat's, a stale one) is there, the call fails with
    /// `.busy` and leaves it alone.
    public static func open(linkedAt link: String) throws(TransportError) -> PseudoTerminalPair {
        let pair = try open()
        // symlink(2) refuses an existing name (EEXIST) atomically: no check-then-replace race.
        if symlink(pair.secondaryPath, link) != 0 {
            let code = errno
            if code == EEXIST {
                throw TransportError(.busy, endpoint: link, underlying: "something is there already; it is left alone")
            }
            throw SystemCallError(call: "symlink", code: code).transportError(endpoint: link)
        }
        let taken = pair.takeDescriptors()
        return PseudoTerminalPair(primary: taken.primary, secondary: taken.secondary, secondaryPath: pair.secondaryPath, linkPath: link)
    }

    /// Removes the symbolic link this pair created, if it still points to this pair; safe to call twice.
    public func removeLink() {
        guard let linkPath else { return }
        var target = [CChar](repeating: 0, count: 4096)
        let count = readlink(linkPath, &target, target.count - 1)
        guard count > 0 else { return }
        let destination = String(decoding: target.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Another pair may have taken the link over since; leave it then. unlink failing means it is gone already.
        if destination == secondaryPath { _ = unlink(linkPath) }
    }

    /// Hands the descriptors over to another instance (this one then owns none).
    private func takeDescriptors() -> (primary: Int32, secondary: Int32) {
        descriptors.locked { state in
            let taken = state
            state = (-1, -1)
            return taken
        }
    }

    /// The primary side's path: Linux has none (the primary is an anonymous `/dev/ptmx` descriptor), so this is
    /// a description for logs, "pty:/dev/pts/N".
    public var primaryPath: String { "pty:" + secondaryPath }

    /// Opens a new raw pair.
    ///
    /// - Throws: ``TransportError`` when the system has no free pseudo-terminal.
    public static func open() throws(TransportError) -> PseudoTerminalPair {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var name = [CChar](repeating: 0, count: 128)
        var raw = termios()
        cfmakeraw(&raw)
        do {
            try systemCall("openpty") { openpty(&primary, &secondary, &name, &raw, nil) }
            for fd in [primary, secondary] { try setDescriptorFlags(fd, nonBlocking: false) }
        } catch {
            if primary >= 0 { _ = Glibc.close(primary) }
            if secondary >= 0 { _ = Glibc.close(secondary) }
            throw error.transportError(endpoint: "openpty")
        }
        let path = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return PseudoTerminalPair(primary: primary, secondary: secondary, secondaryPath: path)
    }

    /// A transport on the primary side (the terminal's end of the cable), over a duplicate of the primary
    /// descriptor: closing the transport does not close the pair. `settings` only label the line here.
    public func makePrimaryTransport(settings: SerialSettings = .zvt) throws(TransportError) -> any ByteTransport {
        let primary = descriptors.locked { $0.primary }
        do {
            let copy = try systemCall("fcntl(F_DUPFD_CLOEXEC)") { fcntl(primary, F_DUPFD_CLOEXEC, 0) }
            try setDescriptorFlags(copy, nonBlocking: true)
            return TTYTransport(adopting: copy, endpoint: primaryPath, settings: settings)
        } catch {
            throw error.transportError(endpoint: primaryPath)
        }
    }

    /// Closes the pair's own secondary descriptor: after this, the primary side reads EIO (a hang-up) as soon
    /// as no one else holds the secondary open.
    public func closeSecondary() {
        let fd = descriptors.locked { state in
            defer { state.secondary = -1 }
            return state.secondary
        }
        // close(2) releases the descriptor even when it reports an error; there is nothing to retry.
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Closes the pair's primary descriptor (transports made from it keep their own copies).
    public func closePrimary() {
        let fd = descriptors.locked { state in
            defer { state.primary = -1 }
            return state.primary
        }
        if fd >= 0 { _ = Glibc.close(fd) }
    }
}
