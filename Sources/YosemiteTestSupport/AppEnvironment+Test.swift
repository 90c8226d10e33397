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
        let path = directory.url.appendingPathComponent("pos.sqlite").path
        try MigratedDatabaseTemplate.copy(to: path)
        let database = try AppDatabase.openOnDisk(at: path, dates: now)
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

/// An empty database with every migration applied, made once per test process and copied into each new test data
/// directory: migrating from nothing took 75 ms of a debug build's CPU per database, 12 CPU seconds of a suite run;
/// a copy takes 7 ms. `AppDatabase.openOnDisk` still opens the copy as it opens any file: integrity check,
/// then the migrator, which finds nothing left to apply. The migrations write nothing that differs between data
/// directories (no id, no date), so a copy is the database a fresh migration makes.
enum MigratedDatabaseTemplate {
    /// The folder the template is made in, removed when the test process exits.
    private static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("pos-migrated-template-\(UUID().uuidString)", isDirectory: true)

    /// The template's path, or nil when it could not be made (each database is then migrated from nothing).
    private static let path: String? = {
        let file = directory.appendingPathComponent("pos.sqlite").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(at: MigratedDatabaseTemplate.directory) }
            // Migrated in a scratch file, then copied out whole (the open pool keeps its WAL beside it).
            let migrated = directory.appendingPathComponent("migrating.sqlite").path
            try AppDatabase.openOnDisk(at: migrated, dates: .constant(Date(timeIntervalSince1970: 0))).backup(toFileAt: file)
            chmod(file, 0o600)  // as openOnDisk creates a database, and so every copy
            return file
        } catch {
            return nil
        }
    }()

    /// Copies the template to `destination` unless a database is there already (a test reopening its directory).
    static func copy(to destination: String) throws {
        guard let path, !FileManager.default.fileExists(atPath: destination) else { return }
        try FileManager.default.copyItem(atPath: path, toPath: destination)
    }
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
