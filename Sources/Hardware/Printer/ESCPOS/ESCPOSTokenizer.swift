/// Turns ESC/POS bytes back into text and commands, so tests can assert the structure of what an encoder wrote
/// and prove that no stray `ESC` from data reaches a printer.
///
/// Incremental in the swift-nio decoder style: ``append(_:)`` bytes as they come, then call ``nextToken()``
/// until it returns `nil` (it needs more bytes); at the end of the stream, ``finish()`` returns what is left.
/// Feeding the bytes one at a time or all at once yields the same tokens: a text run ends only at a control
/// byte or at ``finish()``.
///
/// ```swift
/// let tokens = try ESCPOSTokenizer.tokenize(bytes)
/// #expect(tokens.first == .command(.initialize))
/// ```
///
/// Related spec: the command lengths of ``ESCPOSCommand``; `GS ( k` and `GS ( x` blocks are skipped by their
/// `pL pH` length even when the function is unknown.
public struct ESCPOSTokenizer: Sendable {
    private var buffer: [UInt8] = []
    private var readIndex = 0

    /// Creates an empty tokenizer.
    public init() {}

    /// Tokenizes a complete byte stream.
    ///
    /// - Throws: ``ESCPOSTokenizerError/truncated(_:)`` if the stream ends inside a command.
    public static func tokenize(_ bytes: [UInt8]) throws(ESCPOSTokenizerError) -> [ESCPOSToken] {
        var tokenizer = ESCPOSTokenizer()
        tokenizer.append(bytes)
        var tokens: [ESCPOSToken] = []
        while let token = tokenizer.nextToken() { tokens.append(token) }
        if let last = try tokenizer.finish() { tokens.append(last) }
        return tokens
    }

    /// Adds bytes to the end of the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if readIndex > 4096 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes are waiting that do not make a whole token yet.
    public var hasPendingBytes: Bool { readIndex < buffer.count }

    /// The next whole token, or `nil` if more bytes are needed.
    public mutating func nextToken() -> ESCPOSToken? {
        guard let (token, length) = peekToken(atEnd: false) else { return nil }
        readIndex += length
        return token
    }

    /// Ends the stream: returns the trailing text run, if any.
    ///
    /// - Throws: ``ESCPOSTokenizerError/truncated(_:)`` if the stream ends inside a command.
    public mutating func finish() throws(ESCPOSTokenizerError) -> ESCPOSToken? {
        guard hasPendingBytes else { return nil }
        if let (token, length) = peekToken(atEnd: true) {
            readIndex += length
            if hasPendingBytes { throw .truncated(Array(buffer[readIndex...])) }
            return token
        }
        throw .truncated(Array(buffer[readIndex...]))
    }

    // MARK: - Reading

    /// The token at the read index and its length, without consuming it; `nil` if it is incomplete.
    private func peekToken(atEnd: Bool) -> (ESCPOSToken, Int)? {
        guard let first = byte(at: 0) else { return nil }
        switch first {
        case ESCPOSCommand.lineFeed:
            return (.lineFeed, 1)
        case ESCPOSCommand.esc:
            return escapeSequence()
        case ESCPOSCommand.gs:
            return groupSequence()
        case ESCPOSCommand.dle:
            guard let second = byte(at: 1) else { return nil }
            guard second == 0x04 else { return (.unknown([first, second]), 2) }
            guard let n = byte(at: 2) else { return nil }
            return (.command(.statusRequest(n)), 3)
        case ..<0x20:
            return (.control(first), 1)
        default:
            var length = 1
            while let next = byte(at: length), next >= 0x20 { length += 1 }
            // A text run ends at a control byte, or at the end of the stream.
            guard byte(at: length) != nil || atEnd else { return nil }
            return (.text(Array(buffer[readIndex..<readIndex + length])), length)
        }
    }

    /// The byte `offset` bytes after the read index, if it has arrived.
    func byte(at offset: Int) -> UInt8? {
        let index = readIndex + offset
        return index < buffer.count ? buffer[index] : nil
    }

    /// `count` bytes starting `offset` bytes after the read index, if they have all arrived.
    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        let start = readIndex + offset
        guard start + count <= buffer.count else { return nil }
        return Array(buffer[start..<start + count])
    }
}

/// Why an ESC/POS byte stream could not be tokenized.
public enum ESCPOSTokenizerError: Error, Hashable, Sendable {
    /// The stream ended inside a command; the bytes of the incomplete command.
    case truncated([UInt8])
}
