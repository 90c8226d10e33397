import Foundation
import Storage

extension AppDatabase {
    /// Writes the bodies of every queued order creation to `file` as one JSON array: the same orders, for the
    /// Python baseline to send.
    func exportCreateOrderBodies(to file: URL) async throws {
        let bodies = try await dueOutboxHeads(at: .distantFuture, limit: Int.max)
            .filter { $0.kind == .createOrder }.map(\.payload)
        try Data(("[" + bodies.joined(separator: ",\n") + "]").utf8).write(to: file)
    }
}
