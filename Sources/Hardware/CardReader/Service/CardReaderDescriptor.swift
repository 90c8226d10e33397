/// A reader the counter knows of: found on USB, configured on the LAN, or the simulator.
public struct CardReaderDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// Where it is and which protocol it speaks.
    public var address: ReaderAddress
    /// A name for people ("Ingenico Move/5000", "LAN terminal").
    public var name: String
    /// The terminal ID, once connected and reported.
    public var terminalID: String?

    /// Creates a descriptor.
    public init(address: ReaderAddress, name: String, terminalID: String? = nil) {
        self.address = address
        self.name = name
        self.terminalID = terminalID
    }

    public var description: String { "\(name) (\(address))" }
}

/// Something that happened to the readers, for the status line and the log.
public enum CardReaderEvent: Hashable, Sendable {
    /// A reader appeared (plugged in).
    case appeared(CardReaderDescriptor)
    /// A reader disappeared (unplugged).
    case disappeared(CardReaderDescriptor)
    /// The counter connected to a reader.
    case connected(CardReaderDescriptor)
    /// The counter disconnected, or the line to the reader dropped.
    case disconnected(CardReaderDescriptor, unexpectedly: Bool)
    /// A prompt from the reader during an operation.
    case prompt(CardReaderPrompt)
}
