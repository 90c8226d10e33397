/// A live 2×20 pole display on a serial line (Epson command set), driven by ``PoleDisplayState`` values.
///
/// The session's event stream (or the checkout) calls ``show(_:)`` for each moment of a sale; the display only
/// writes, it never reads. A state equal to the one shown is not sent again. Call it from one task (the event
/// stream's consumer): the actor does not order two `show` calls that run at the same time.
///
/// ```swift
/// let display = PoleDisplay(transport: LiveDeviceTransports.transport(for: address), address: address)
/// try await display.open()                                         // ESC @, ESC t 19, US MD1, US C 0, CLR
/// try await display.show(.item(name: "Brot", price: price, total: total))
/// ```
public actor PoleDisplay {
    /// The display's address.
    public nonisolated let address: DeviceAddress
    /// How states become bytes.
    public nonisolated let encoder: PoleDisplayEncoder
    let transport: any ByteTransport
    var isOpen = false
    var shown: PoleDisplayState?

    public init(transport: any ByteTransport, address: DeviceAddress, encoder: PoleDisplayEncoder = PoleDisplayEncoder()) {
        self.transport = transport
        self.address = address
        self.encoder = encoder
    }

    /// Opens the line and initialises the display (code page, overwrite mode, no cursor, cleared).
    ///
    /// - Throws: ``TransportError``.
    public func open() async throws(TransportError) {
        guard !isOpen else { return }
        try await transport.open()
        isOpen = true
        shown = nil
        do {
            try await transport.write(encoder.initialization())
        } catch {
            await close()
            throw error
        }
    }

    /// Shows a state (opening the line first if needed); the same state twice in a row is written once.
    ///
    /// - Throws: ``TransportError``; the line is closed then, and the next call opens it again.
    public func show(_ state: PoleDisplayState) async throws(TransportError) {
        if !isOpen { try await open() }
        guard state != shown else { return }
        do {
            try await transport.write(encoder.encode(state))
            shown = state
        } catch {
            await close()
            throw error
        }
    }

    /// Closes the line.
    public func close() async {
        isOpen = false
        shown = nil
        await transport.close()
    }
}
