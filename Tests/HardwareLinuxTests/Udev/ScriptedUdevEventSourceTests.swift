import Foundation
import Hardware
import HardwareLinux
import Testing

/// The end-to-end tests' udev double: lines in `udevadm monitor --property` style become the uevents libudev would
/// have given, and go through the real `LinuxDeviceMonitor` and `DevicePresence`.
@Suite(.timeLimit(.minutes(5)))
struct ScriptedUdevEventSourceTests {
    @Test func parse_usbDeviceAndItsTTY_giveTheTerminalsIdentity() throws {
        let usb = try #require(ScriptedUdevEventSource.parse("add usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=004"))
        let tty = try #require(ScriptedUdevEventSource.parse("remove tty - ID_VENDOR_ID=0b00 ID_MODEL_ID=0080 DEVNAME=/dev/ttyACM0"))
        #expect(usb.deviceEvent == .added(USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, busAddress: "001/004")))
        #expect(tty.deviceEvent == .removed(USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, ttyPath: "/dev/ttyACM0")))
        #expect(ScriptedUdevEventSource.parse("# a comment") == nil)
        #expect(ScriptedUdevEventSource.parse("") == nil)
    }

    @Test func presence_fromAFileOfUevents_seesTheTerminalOnceAndItsDeparture() async throws {
        // Given a file of uevents: a keyboard, a terminal with its TTY, then the terminal leaves
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uevents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try """
            add usb usb_device PRODUCT=46d/c31c/110 BUSNUM=001 DEVNUM=002
            add usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=004
            add tty - ID_VENDOR_ID=0b00 ID_MODEL_ID=0080 DEVNAME=/dev/ttyACM0
            remove usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=004
            """.write(to: url, atomically: true, encoding: .utf8)
        let monitor = LinuxDeviceMonitor(enumerator: LibUSBDeviceEnumerator(api: FakeCDCACMDevice()),
                                         udev: ScriptedUdevEventSource(path: url.path))
        let presence = DevicePresence(monitor: monitor)
        let events = presence.events()

        // When
        try await presence.start()
        var iterator = events.makeAsyncIterator()
        let first = await iterator.next()

        // Then the Desk/5000 libusb listed at start was already present; the file's add is the same device (no
        // news), its TTY is not a device of its own, and its removal is reported once
        let desk = USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, busAddress: "001/004")
        #expect(first == .removed(desk))
        #expect(await presence.devices.isEmpty)
        monitor.stop()
    }
}
