import Foundation
import Testing

/// A payment terminal plugged in and pulled out while the counter runs, seen on its status line within a frame.
///
/// The kernel here has no USB, so the double sits at the libudev boundary: `POS_TEST_UDEV_EVENTS` names a FIFO
/// the pos process reads uevents from instead of udev's netlink socket (`ScriptedUdevEventSource`, a test hook).
/// Everything above it is the real path: uevent parsing, the known-terminal table, `DevicePresence`, the session's
/// event stream in Yosemite, and the status line.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterHotplugEndToEndTests {
    /// The write end of the uevent FIFO. Opened read-write, so neither side waits for the other to open it, and
    /// the counter reads what was written whenever it starts listening.
    final class UeventScript {
        let path: String
        private let descriptor: Int32

        init(directory: URL) throws {
            path = directory.appendingPathComponent("uevents.fifo").path
            guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            descriptor = open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        }

        deinit { close(descriptor) }

        /// Writes one uevent line (`udevadm monitor --property` style).
        func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    @Test func demoCounter_terminalPluggedInThenPulledOut_showsOnTheStatusLine() async throws {
        // Given the demo counter on a fresh data directory, its uevents from a FIFO the test writes
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let uevents = try UeventScript(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        let command = "env POS_COUNTER_FRAME_LOG=\(frames.path) POS_TEST_UDEV_EVENTS=\(uevents.path) "
            + "CUPS_SERVER=\(data.path)/no-cups.sock \(PosProcess.executable.path) --data-dir \(data.path)"
        try await tmux.start(command, columns: 120)
        #expect(await frames.frame(containing: "screen=sell", "status=demo", "plugged=none") != nil)

        // When an Ingenico Desk/5000 is plugged in: udev reports the USB device and, once its driver bound, its TTY
        uevents.send("add usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=004 DEVPATH=/devices/usb1/1-1")
        uevents.send("add tty - ID_VENDOR_ID=0b00 ID_MODEL_ID=0080 DEVNAME=/dev/ttyACM0")

        // Then the status line shows it
        #expect(await frames.frame(containing: "screen=sell", "plugged=0b00:0080") != nil)
        let plugged = try await tmux.capture(containing: "plugged: 0b00:0080")
        #expect(plugged.contains("plugged: 0b00:0080"))

        // When it is pulled out (the TTY goes first, then the device)
        uevents.send("remove tty - ID_VENDOR_ID=0b00 ID_MODEL_ID=0080 DEVNAME=/dev/ttyACM0")
        uevents.send("remove usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=004 DEVPATH=/devices/usb1/1-1")

        // Then it leaves the status line
        #expect(await frames.frame(containing: "screen=sell", "plugged=none") != nil)
        let unplugged = try await tmux.capture()
        #expect(!unplugged.contains("plugged:"))

        // When the cashier opens the card readers (F7, 5) and plugs it in again
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=menu") != nil)
        try await tmux.type("5")
        let before = await frames.frame(containing: "screen=readers")
        uevents.send("add usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=005 DEVPATH=/devices/usb1/1-1")

        // Then the readers screen lists it as plugged in, and drops it when it is pulled out
        #expect(await frames.frame(containing: "screen=readers", "plugged=0b00:0080", "pluggedIn=1") != nil)
        let listed = try await tmux.capture(containing: "concert+usb://0b00:0080")
        #expect(listed.contains("concert+usb://0b00:0080"))
        #expect(listed.contains("plugged in"))
        uevents.send("remove usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=005 DEVPATH=/devices/usb1/1-1")
        #expect(await frames.frame(containing: "screen=readers", "plugged=none", "pluggedIn=0") != nil)
        let gone = try await tmux.capture()
        #expect(!gone.contains("concert+usb://0b00:0080"))
        #expect(before != nil)

        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }
}
