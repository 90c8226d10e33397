/// Reads a fuzzer's input as a stream of small decisions: bytes, bounded integers, strings and the rest.
///
/// Every read past the end yields zero or empty, so a target never has to check lengths itself.
public struct FuzzInput: Sendable {
    /// The bytes not yet read.
    public private(set) var remaining: ArraySlice<UInt8>

    /// Wraps the buffer libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        guard let data, size > 0 else {
            remaining = []
            return
        }
        remaining = ArraySlice(UnsafeBufferPointer(start: data, count: size))
    }

    /// Wraps bytes (for replaying an input in a test).
    public init(_ bytes: [UInt8]) {
        remaining = bytes[...]
    }

    /// True once every byte is read.
    public var isEmpty: Bool { remaining.isEmpty }

    /// The next byte, or 0.
    public mutating func byte() -> UInt8 {
        remaining.popFirst() ?? 0
    }

    /// A flag from the next byte.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An integer in `0..<bound` from the next two bytes.
    public mutating func int(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let value = Int(byte()) << 8 | Int(byte())
        return value % bound
    }

    /// The next `count` bytes (fewer at the end).
    public mutating func bytes(_ count: Int) -> [UInt8] {
        let taken = remaining.prefix(max(count, 0))
        remaining = remaining.dropFirst(taken.count)
        return Array(taken)
    }

    /// A length-prefixed chunk: one byte of length, then that many bytes.
    public mutating func chunk() -> [UInt8] {
        bytes(Int(byte()))
    }

    /// A length-prefixed string, decoded as UTF-8 with repair.
    public mutating func string() -> String {
        String(decoding: chunk(), as: UTF8.self)
    }

    /// All bytes not yet read.
    public mutating func rest() -> [UInt8] {
        defer { remaining = [] }
        return Array(remaining)
    }
}
