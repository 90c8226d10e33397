/// Getting a USB reader back after it was pulled out: wait until ``DevicePresence`` sees it plugged in again,
/// then connect, trying again while it is listed but not ready yet (its driver still binding, or pulled out
/// again). The one path `pos reader watch --pay` and the counter's card payments take after a replug; what to
/// do with the interrupted payment (ask the terminal, never charge twice) stays with each caller.
///
/// ```swift
/// let recovery = ReplugRecovery(presence: presence, clock: clock)
/// if let service = await recovery.reconnect(address, connect: { try await connectFreshService() }) { … }
/// ```
public struct ReplugRecovery: Sendable {
    public let presence: DevicePresence
    public let clock: any Clock<Duration>
    /// How long to wait for the reader to be plugged in again.
    public var reappearTimeout: Duration
    /// How long to keep trying to connect once it is listed.
    public var connectWindow: Duration
    /// The pause between two connection tries.
    public var retryPause: Duration

    public init(presence: DevicePresence, clock: any Clock<Duration>, reappearTimeout: Duration = .seconds(120),
                connectWindow: Duration = .seconds(30), retryPause: Duration = .milliseconds(250)) {
        self.presence = presence
        self.clock = clock
        self.reappearTimeout = reappearTimeout
        self.connectWindow = connectWindow
        self.retryPause = retryPause
    }

    /// The USB id ("0403:6001") of a USB reader address; `nil` for readers that cannot be unplugged (LAN, serial,
    /// the simulator).
    public static func usbID(of address: ReaderAddress) -> String? {
        guard case .usb(let vendor, let product) = address.link else { return nil }
        return USBDeviceIdentity(vendorID: vendor, productID: product).idString
    }

    /// Waits for `address` to be plugged in, then runs `connect` until it succeeds; `nil` when the reader did not
    /// come back in ``reappearTimeout`` or would not connect within ``connectWindow``.
    /// `connect` runs in the caller's isolation (the payment coordinator's actor, for one).
    public func reconnect<T: Sendable>(
        _ address: ReaderAddress, isolation: isolated (any Actor)? = #isolation, connect: () async throws -> T
    ) async -> T? {
        let id = Self.usbID(of: address)
        var tried = Duration.zero
        while tried < connectWindow, !Task.isCancelled {
            if let id, await !presence.waitFor(id, timeout: reappearTimeout, clock: clock) { return nil }
            if let connected = try? await connect() { return connected }
            do { try await clock.sleep(for: retryPause) } catch { return nil }
            tried += retryPause
        }
        return nil
    }
}
