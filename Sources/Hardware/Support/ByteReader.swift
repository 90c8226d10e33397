/// A cursor over bytes with ByteBuffer-style verbs: `read*` consumes, `peek*` does not, and a short read
/// returns `nil` without moving the cursor.
///
/// Parsers keep one `ByteReader` as their input buffer: ``append(contentsOf:)`` adds bytes that arrived,
/// the `read*` verbs take them, and ``discardReadBytes()`` drops what has been consumed.
///
/// ```swift
/// var reader = ByteReader([0x06, 0x00, 0x03])
/// let command = reader.readBytes(2)   // [0x06, 0x00]
/// let length = reader.peekByte()      // 0x03, still unread
/// ```
public struct ByteReader: Sendable, Hashable {
    private var storage: [UInt8]
    /// The index of the next unread byte in the storage.
    public private(set) var readerIndex: Int

    /// Creates a reader positioned at the first byte.
    public init(_ bytes: some Sequence<UInt8> = []) {
        storage = Array(bytes)
        readerIndex = 0
    }

    // MARK: - State

    /// How many bytes are left to read.
    public var readableBytes: Int { storage.count - readerIndex }

    /// True when nothing is left to read.
    public var isEmpty: Bool { readableBytes == 0 }

    /// The unread bytes, without consuming them.
    public var readableView: ArraySlice<UInt8> { storage[readerIndex...] }

    // MARK: - Peek (does not consume)

    /// The byte `offset` bytes ahead of the cursor, or `nil` if there are not that many.
    public func peekByte(at offset: Int = 0) -> UInt8? {
        let index = readerIndex + offset
        guard offset >= 0, index < storage.count else { return nil }
        return storage[index]
    }

    /// The next `count` bytes, or `nil` if fewer are readable.
    public func peekBytes(_ count: Int, at offset: Int = 0) -> [UInt8]? {
        let start = readerIndex + offset
        guard count >= 0, offset >= 0, start + count <= storage.count else { return nil }
        return Array(storage[start..<start + count])
    }

    // MARK: - Read (consumes)

    /// Reads one byte, or returns `nil` if none is left.
    public mutating func readByte() -> UInt8? {
        guard let byte = peekByte() else { return nil }
        readerIndex += 1
        return byte
    }

    /// Reads `count` bytes, or returns `nil` (consuming nothing) if fewer are readable.
    public mutating func readBytes(_ count: Int) -> [UInt8]? {
        guard let bytes = peekBytes(count) else { return nil }
        readerIndex += count
        return bytes
    }

    /// Reads everything that is left.
    public mutating func readRemainingBytes() -> [UInt8] {
        let rest = Array(storage[readerIndex...])
        readerIndex = storage.count
        return rest
    }

    /// Skips `count` bytes; returns false (skipping nothing) if fewer are readable.
    @discardableResult
    public mutating func moveReaderIndex(forwardBy count: Int) -> Bool {
        guard count >= 0, readableBytes >= count else { return false }
        readerIndex += count
        return true
    }

    // MARK: - Buffer management

    /// Appends bytes that arrived after the ones already held.
    public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    /// Frees the bytes already read; the cursor moves to index 0.
    public mutating func discardReadBytes() {
        guard readerIndex > 0 else { return }
        storage.removeFirst(readerIndex)
        readerIndex = 0
    }
}
