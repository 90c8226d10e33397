/// A piece of an ESC/POS byte stream: printable text, a line feed, a known command, or something unrecognised.
public enum ESCPOSToken: Hashable, Sendable {
    /// A run of printable bytes (0x20 and above) in the selected code page.
    case text([UInt8])
    /// `LF`: print the line and move to the next.
    case lineFeed
    /// A command the tokenizer knows.
    case command(ESCPOSCommand)
    /// A control byte other than `LF`, `ESC`, `GS` or `DLE` (`CR`, `HT`, `NUL`…).
    case control(UInt8)
    /// An `ESC`, `GS` or `DLE` sequence the tokenizer does not know (or a known one with an argument outside the
    /// form the encoder writes, such as `ESC E 83`), with the bytes it consumed. Tokens always give back exactly
    /// the bytes they were read from.
    case unknown([UInt8])

    /// The bytes of the token.
    public var bytes: [UInt8] {
        switch self {
        case .text(let bytes): bytes
        case .lineFeed: [ESCPOSCommand.lineFeed]
        case .command(let command): command.bytes
        case .control(let byte): [byte]
        case .unknown(let bytes): bytes
        }
    }
}
