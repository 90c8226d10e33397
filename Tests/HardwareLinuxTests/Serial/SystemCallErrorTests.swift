import Glibc
import Hardware
@testable import HardwareLinux
import Testing

/// Root bypasses TIOCEXCL and file permissions, so EBUSY and EACCES cannot be provoked on a pty in CI; the
/// errno mapping is checked here.
@Suite struct SystemCallErrorTests {
    @Test(arguments: [
        (ENOENT, TransportError.Code.notFound), (ECONNREFUSED, .notFound), (EHOSTUNREACH, .notFound),
        (EACCES, .permissionDenied), (EPERM, .permissionDenied), (EBUSY, .busy), (EIO, .deviceGone), (ENXIO, .deviceGone),
        (ECONNRESET, .deviceGone), (EPIPE, .deviceGone), (ETIMEDOUT, .timedOut), (EINVAL, .ioFailure),
    ])
    func transportError_errno_mapsToCode(code: Int32, expected: TransportError.Code) {
        #expect(SystemCallError(call: "open", code: code).transportError(endpoint: "/dev/ttyACM0").code == expected)
    }

    @Test func transportError_permissionDenied_namesTheUdevRules() {
        // When
        let error = SystemCallError(call: "open", code: EACCES)
            .transportError(endpoint: "/dev/ttyACM0", permissionHint: "install the udev rules: pos reader install-udev-rules")

        // Then
        #expect(error.underlying?.contains("pos reader install-udev-rules") == true)
        #expect(error.recoverySuggestion.contains("install-udev-rules"))
    }
}
