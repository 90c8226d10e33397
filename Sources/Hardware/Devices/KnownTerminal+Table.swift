extension KnownTerminal {
    /// Every terminal model pos knows, with sources. Add a model here, then run
    /// `pos reader install-udev-rules --dry-run > udev/70-pos-payment-terminals.rules` and update docs/hardware.md
    /// (the tests say what differs).
    public static let all: [KnownTerminal] = [
        KnownTerminal(
            vendorID: 0x079B, productID: 0x0028, name: "Ingenico Move/5000",
            terminalProtocol: .concert, interfaceKind: .cdcACM, lineSettings: .concert,
            source: "odoo-driver-plugin-payment-telium 2.1.0 usb_devices.py; pypostelium README (CDC-ACM, 9600 8N1)"
        ),
        KnownTerminal(
            vendorID: 0x0B00, productID: 0x0080, name: "Ingenico Desk/5000",
            terminalProtocol: .concert, interfaceKind: .cdcACM, lineSettings: .concert,
            source: "odoo-driver-plugin-payment-telium 2.1.0 usb_devices.py; pypostelium README (CDC-ACM, 9600 8N1)"
        ),
        KnownTerminal(
            vendorID: 0x0403, productID: 0x6001, name: "FTDI USB-serial cable (protocol set by configuration)",
            terminalProtocol: .zvt, interfaceKind: .ftdi, lineSettings: .zvt,
            source: "FTDI FT232R/FT232BM default id (FTDI TN_100, Linux ftdi_sio_ids.h); terminals on RS-232 cables, ZVT 9600 8N2 by default"
        ),
        KnownTerminal(
            vendorID: 0x0403, productID: 0x6010, name: "FTDI USB-serial cable (protocol set by configuration)",
            terminalProtocol: .zvt, interfaceKind: .ftdi, lineSettings: .zvt,
            source: "FTDI FT2232 default id (FTDI TN_100, Linux ftdi_sio_ids.h); terminals on RS-232 cables, ZVT 9600 8N2 by default"
        ),
        KnownTerminal(
            vendorID: 0x0403, productID: 0x6011, name: "FTDI USB-serial cable (protocol set by configuration)",
            terminalProtocol: .zvt, interfaceKind: .ftdi, lineSettings: .zvt,
            source: "FTDI FT4232H default id (FTDI TN_100, Linux ftdi_sio_ids.h); terminals on RS-232 cables, ZVT 9600 8N2 by default"
        ),
        KnownTerminal(
            vendorID: 0x0403, productID: 0x6014, name: "FTDI USB-serial cable (protocol set by configuration)",
            terminalProtocol: .zvt, interfaceKind: .ftdi, lineSettings: .zvt,
            source: "FTDI FT232H default id (FTDI TN_100, Linux ftdi_sio_ids.h); terminals on RS-232 cables, ZVT 9600 8N2 by default"
        ),
        KnownTerminal(
            vendorID: 0x0403, productID: 0x6015, name: "FTDI USB-serial cable (protocol set by configuration)",
            terminalProtocol: .zvt, interfaceKind: .ftdi, lineSettings: .zvt,
            source: "FTDI FT-X (FT230X/FT231X) default id (FTDI TN_100, Linux ftdi_sio_ids.h); terminals on RS-232 cables, ZVT 9600 8N2 by default"
        ),
    ]
}
