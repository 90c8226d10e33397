import Foundation
import Storage

/// Finds customers in the local copy (offline), for the counter's customer key and `pos customers`/`pos sell
/// --customer`.
@MainActor
public final class CustomerStore: Store {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: CustomerAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? CustomerAction else {
            preconditionFailure("CustomerStore received \(type(of: action))")
        }
        let database = environment.database
        switch action {
        case .search(let text, let limit, let onCompletion):
            perform(onCompletion) { () async throws(CustomerError) in
                try await Self.storage { try await database.searchCustomers(text, limit: limit) }.map(CustomerSummary.init)
            }
        case .load(let id, let onCompletion):
            perform(onCompletion) { () async throws(CustomerError) in
                guard let record = try await Self.storage({ try await database.customer(id: id) }) else {
                    throw .notFound("#\(id)", knownCustomers: try await Self.storage { try await database.customerCount() })
                }
                return CustomerSummary(record)
            }
        case .resolve(let text, let onCompletion):
            perform(onCompletion) { () async throws(CustomerError) in try await Self.resolve(text, database) }
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

    private nonisolated static func storage<T: Sendable>(_ work: () async throws -> T) async throws(CustomerError) -> T {
        do { return try await work() } catch { throw .storage(String(describing: error)) }
    }

    private func perform<Value: Sendable>(
        _ onCompletion: @escaping @Sendable (Result<Value, CustomerError>) -> Void,
        _ body: @escaping @Sendable () async throws(CustomerError) -> Value
    ) {
        Task {
            do throws(CustomerError) {
                onCompletion(.success(try await body()))
            } catch {
                onCompletion(.failure(error))
            }
        }
    }
}
