import Foundation
import Logging
import Networking
import POSFoundation
import Storage
import Testing
import Yosemite

/// A network that fails the test when anything uses it: the default of the test environment, so a store that
/// talks to the network where a test did not expect it fails loudly.
public struct UnimplementedNetwork: Network {
    public init() {}

    public func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        Issue.record("unexpected network request \(request.method) \(request.path)")
        throw .cancelled
    }
}

/// A scratch data directory, deleted by `remove()`.
public struct TestDataDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pos-yosemite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}

extension PinHasher.Parameters {
    /// scrypt at N = 2⁸ (r = 8, p = 1): the same derivation and check as ``standard``, a 64th of its work, for the
    /// in-process tests' cashiers (`pos` itself, and so every end-to-end test, uses ``standard``).
    public static let testing = PinHasher.Parameters(cost: 1 << 8, blockSize: 8, parallelism: 1)
}

extension AppEnvironment {
    /// An environment of doubles: a manual clock, a fixed date, incrementing UUIDs, an on-disk database in
    /// `directory` (so a second manager can reopen it), and a network that fails unless one is given.
    public static func test(
        directory: TestDataDirectory,
        makeNetwork: @escaping @Sendable (Credentials) -> any Network = { _ in UnimplementedNetwork() }
    ) throws -> AppEnvironment {
        let now = DateGenerator.constant(Date(timeIntervalSince1970: 1_790_000_000))
        let database = try AppDatabase.openOnDisk(at: directory.url.appendingPathComponent("pos.sqlite").path, dates: now)
        var logger = Logger(label: "pos.test")
        logger.logLevel = .critical
        var environment = AppEnvironment(
            clock: ManualClock(),
            now: now,
            uuid: .incrementing(),
            dataDirectory: directory.url,
            database: database,
            files: FileStorage(),
            makeNetwork: makeNetwork,
            logger: logger
        )
        environment.pinHashing = .testing
        return environment
    }

    /// The live network (AsyncHTTPClient), for tests against the WooCommerce-compatible test server.
    public static let liveNetwork: @Sendable (Credentials) -> any Network = { HTTPClientNetwork(credentials: $0, timeout: .seconds(10)) }
}

extension Dispatcher {
    /// Dispatches an action and returns its answer or the domain's error as a `Result`, for tests that assert on
    /// failures.
    public func result<A: Action, Value: Sendable>(_ makeAction: (Reply<Value>) -> A) async -> Result<Value, A.Failure> {
        do throws(A.Failure) {
            return .success(try await dispatch(makeAction))
        } catch {
            return .failure(error)
        }
    }
}

extension StoresManager {
    /// Dispatches an action and returns its answer or the domain's error as a `Result`, for tests that assert on
    /// failures.
    public func result<A: Action, Value: Sendable>(_ makeAction: (Reply<Value>) -> A) async -> Result<Value, A.Failure> {
        do throws(A.Failure) {
            return .success(try await dispatch(makeAction))
        } catch {
            return .failure(error)
        }
    }
}
