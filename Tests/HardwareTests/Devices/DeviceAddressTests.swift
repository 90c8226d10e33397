import Hardware
import Testing

/// Addresses of scales and pole displays as people type them.
@Suite struct DeviceAddressTests {
    @Test func scaleSerial_defaultsTo9600_7E1() throws {
        let address = try DeviceAddress("scale+serial:///dev/ttyUSB2")
        #expect(address.kind == .scale)
        #expect(address.link == .serial(path: "/dev/ttyUSB2",
                                        settings: SerialSettings(baudRate: 9600, dataBits: 7, parity: .even, stopBits: .one)))
        #expect(address.description == "scale+serial:///dev/ttyUSB2")
    }

    @Test func displaySerial_defaultsTo9600_8N1() throws {
        let address = try DeviceAddress(" display+serial:///dev/ttyUSB1 ", expecting: .display)
        #expect(address.kind == .display)
        #expect(address.link == .serial(path: "/dev/ttyUSB1", settings: .poleDisplay))
        #expect(SerialSettings.poleDisplay.description == "9600 8N1")
    }

    @Test func lineOption_overridesSettings_andRoundTrips() throws {
        let address = try DeviceAddress("scale+serial:///dev/ttyS0?line=19200,8N1")
        #expect(address.link == .serial(path: "/dev/ttyS0", settings: SerialSettings(baudRate: 19200)))
        #expect(address.description == "scale+serial:///dev/ttyS0?line=19200,8N1")
        #expect(try DeviceAddress(address.description) == address)
    }

    @Test(arguments: [
        "scale:///dev/ttyUSB2", "/dev/ttyUSB2", "printer+serial:///dev/ttyUSB0", "scale+tcp://10.0.0.2:4001",
        "scale+serial://dev/ttyUSB2", "scale+serial:///", "scale+serial:///dev/ttyUSB2?line=9601,8N1",
        "scale+serial:///dev/ttyUSB2?baud=9600", "scale", "", "sim://x", "sim:///dev/ttyUSB2", "sim:/",
    ])
    func badAddress_throwsInvalidAddress(text: String) {
        #expect { try DeviceAddress(text) } throws: { error in
            (error as? TransportError)?.code == .invalidAddress
        }
    }

    @Test func otherKindThanExpected_isRefused() {
        #expect { try DeviceAddress("display+serial:///dev/ttyUSB1", expecting: .scale) } throws: { error in
            (error as? TransportError)?.underlying == "expected a scale address, not a display"
        }
    }

    @Test func sim_isTheSimulatedScale_andReadsBack() throws {
        for expected in [DeviceAddress.DeviceKind.scale, nil] {
            let address = try DeviceAddress(" SIM:// ", expecting: expected)
            #expect(address == .simulatedScale)
            #expect(address.kind == .scale && address.link == .inProcess)
            #expect(address.description == "sim://")
            #expect(try DeviceAddress(address.description) == address)
        }
    }

    @Test func sim_forAPoleDisplay_isRefused() {
        #expect { try DeviceAddress("sim://", expecting: .display) } throws: { error in
            (error as? TransportError)?.underlying == "sim:// is the simulated scale; a pole display has no simulator"
        }
    }
}
