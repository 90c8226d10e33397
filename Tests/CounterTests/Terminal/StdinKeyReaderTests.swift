import Foundation
import Testing
@testable import Counter

/// The reader behind the real terminal: what the shell's scan detection relies on.
@Suite(.timeLimit(.minutes(1)))
struct StdinKeyReaderTests {
    /// A scanner's burst arrives in one read. The shell releases held keys as typed only when nothing is queued, so
    /// every key of the read must count as received before the first one is taken (the reader thread may be
    /// descheduled between two yields; it was, under CI's load, and a scan became typed digits and an unknown code).
    @Test func aBurstReadAtOnce_countsEveryKeyBeforeTheFirstIsTaken() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[1]) }
        let burst = Array(repeating: UInt8(ascii: "7"), count: 400)
        #expect(burst.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) } == 400)
        let reader = StdinKeyReader(fd: fds[0], decoder: KeyDecoder())
        var keys = reader.keys.makeAsyncIterator()
        let first = await keys.next()
        #expect(first?.key == .character("7"))
        #expect(reader.keysReceived == 400)
        var taken = 1
        while taken < 400, await keys.next() != nil { taken += 1 }
        #expect(taken == 400)
        #expect(reader.keysReceived == 400)
    }
}
