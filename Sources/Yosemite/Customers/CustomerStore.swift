import Foundation
import Storage

/// Finds customers in the local copy (offline), for the counter's customer key and `pos customers`/`pos sell
/// --customer`.
@MainActor
public final class CustomerStore: Store, ActionsProcessor {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: CustomerAction) async throws(CustomerError) -> Replied {
        let database = environment.database
        switch action {
        case let .search(text, limit, reply):
            return reply(try await Self.storage { try await database.searchCustomers(text, limit: limit) }.map(CustomerSummary.init))
        case let .load(id, reply):
            guard let record = try await Self.storage({ try await database.customer(id: id) }) else {
                throw .notFound("#\(id)", knownCustomers: try await Self.storage { try await database.customerCount() })
            }
            return reply(CustomerSummary(record))
        case let .resolve(text, reply):
            return reply(try await Self.resolve(text, database))
        }
    }

    /// The one customer `text` names: a customer number (`#42`, or up to 6 digits: never read as part of a phone),
    /// else the one match of a search, else an exact e-mail among several.
    nonisolated static func resolve(_ text: String, _ database: AppDatabase) async throws(CustomerError) -> CustomerSummary {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if let id = Int64(number), id > 0, number.allSatisfy({ $0.isASCII && $0.isNumber }) {
            if let record = try await storage({ try await database.customer(id: id) }) { return CustomerSummary(record) }
            // `#42`, or a short number: a customer number that is not there, never a piece of someone's phone.
            if trimmed.hasPrefix("#") || number.count <= 6 {
                throw .notFound(trimmed, knownCustomers: try await storage { try await database.customerCount() })
            }
        }
        let matches = try await storage { try await database.searchCustomers(trimmed, limit: 20) }.map(CustomerSummary.init)
        if matches.count == 1 { return matches[0] }
        let sameEmail = matches.filter { $0.email.caseInsensitiveCompare(trimmed) == .orderedSame }
        if sameEmail.count == 1 { return sameEmail[0] }
        if matches.isEmpty {
            throw .notFound(trimmed, knownCustomers: try await storage { try await database.customerCount() })
        }
        throw .ambiguous(trimmed, matches: matches)
    }

    private nonisolated static func storage<T: Sendable>(_ work: @Sendable () async throws -> T) async throws(CustomerError) -> T {
        do { return try await work() } catch { throw .storage(StorageError(wrapping: error)) }
    }
}
