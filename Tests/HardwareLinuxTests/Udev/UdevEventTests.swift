import Hardware
import HardwareLinux
import Testing

@Suite struct UdevEventTests {
    @Test func deviceEvent_udevAddOfUSBDevice_isAddedWithIdsBusAndSerial() {
        // Given: what udevd sends after its rules ran
        let event = UdevEvent(action: "add", subsystem: "usb", deviceType: "usb_device", syspath: "/sys/devices/pci0000:00/usb1/1-2",
                              deviceNode: "/dev/bus/usb/001/004",
                              properties: ["ID_VENDOR_ID": "0b00", "ID_MODEL_ID": "0080", "BUSNUM": "001", "DEVNUM": "004",
                                           "ID_SERIAL_SHORT": "12345678", "PRODUCT": "b00/80/100"])

        // When / Then
        #expect(event.deviceEvent == .added(USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, busAddress: "001/004", serialNumber: "12345678")))
    }

    @Test func deviceEvent_kernelRemoveWithOnlyProduct_isRemovedFromTheProductIds() {
        // Given: a raw kernel uevent (no ID_* properties)
        let event = UdevEvent(action: "remove", subsystem: "usb", deviceType: "usb_device", syspath: "/sys/devices/x/1-2",
                              properties: ["PRODUCT": "79b/28/100", "BUSNUM": "001", "DEVNUM": "005"])

        // When / Then
        #expect(event.deviceEvent == .removed(USBDeviceIdentity(vendorID: 0x079B, productID: 0x0028, busAddress: "001/005")))
    }

    @Test func deviceEvent_ttyOfUSBTerminal_carriesTheTTYPath() {
        // Given
        let event = UdevEvent(action: "add", subsystem: "tty", syspath: "/sys/devices/x/1-2:1.0/tty/ttyACM0", deviceNode: "/dev/ttyACM0",
                              properties: ["ID_VENDOR_ID": "0b00", "ID_MODEL_ID": "0080"])

        // When / Then
        #expect(event.deviceEvent == .added(USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, ttyPath: "/dev/ttyACM0")))
    }

    @Test(arguments: [
        UdevEvent(action: "add", subsystem: "usb", deviceType: "usb_interface", syspath: "/x", properties: ["PRODUCT": "b00/80/100"]),
        UdevEvent(action: "bind", subsystem: "usb", deviceType: "usb_device", syspath: "/x", properties: ["PRODUCT": "b00/80/100"]),
        UdevEvent(action: "add", subsystem: "tty", syspath: "/sys/devices/virtual/tty/ttyS0", deviceNode: "/dev/ttyS0"),
        UdevEvent(action: "change", subsystem: "mem", syspath: "/sys/devices/virtual/mem/null"),
    ])
    func deviceEvent_notAPlugOfAUSBDevice_isNil(event: UdevEvent) {
        #expect(event.deviceEvent == nil)
    }
}
