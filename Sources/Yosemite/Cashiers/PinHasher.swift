import CLibCrypto
import Foundation

/// Derives and checks cashier PINs with scrypt (Debian's libcrypto, OpenSSL 3: `EVP_PBE_scrypt`).
///
/// A PIN is stored as a random 16-byte salt and scrypt's 32-byte output with its parameters (N, r, p), never the
/// PIN. Checking derives again with the row's own parameters and compares in constant time (`CRYPTO_memcmp`), so
/// the parameters can be raised later without breaking older rows.
/// A 4–8 digit PIN has at most 10⁸ values: scrypt makes each guess cost ~16 MiB and tens of milliseconds, but the
/// real protection is the lock after five wrong PINs (docs/security.md).
public struct PinHasher: Sendable {
    /// scrypt's parameters.
    public struct Parameters: Hashable, Sendable {
        public var cost: Int
        public var blockSize: Int
        public var parallelism: Int

        public init(cost: Int, blockSize: Int, parallelism: Int) {
            self.cost = cost
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        /// N = 2¹⁴, r = 8, p = 1: 16 MiB per derivation (OWASP's lowest scrypt setting for r = 8 is N = 2¹³ with
        /// p = 10, the same work; a counter checks one PIN at a time).
        public static let standard = Parameters(cost: 1 << 14, blockSize: 8, parallelism: 1)
    }

    /// The stored form of a PIN.
    public struct Derived: Hashable, Sendable {
        public var salt: Data
        public var hash: Data
        public var parameters: Parameters
        public static let kdf = "scrypt"
    }

    static let saltBytes = 16
    static let outputBytes = 32

    public var parameters: Parameters

    /// Creates a hasher with the parameters new PINs get.
    public init(parameters: Parameters = .standard) {
        self.parameters = parameters
    }

    /// scrypt runs here, one derivation at a time, off Swift's cooperative pool: ~16 MiB and tens of
    /// milliseconds (hundreds in a debug build) of blocking work must not hold one of its few threads.
    private static let queue = DispatchQueue(label: "pos.pin-hasher", qos: .userInitiated)

    /// Runs `work` on ``queue`` and returns its result.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A PIN: 4 to 8 ASCII digits.
    public static func isValid(_ pin: String) -> Bool {
        (4...8).contains(pin.count) && pin.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Derives a new salt and hash for `pin`.
    public func derive(_ pin: String) async throws -> Derived {
        var salt = Data(count: Self.saltBytes)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = UInt8.random(in: .min ... .max, using: &generator) }
        let parameters = parameters, fixedSalt = salt
        let hash = try await Self.offPool { try Self.key(pin, salt: fixedSalt, parameters) }
        return Derived(salt: salt, hash: hash, parameters: parameters)
    }

    /// Whether `pin` matches the stored salt and hash (constant-time comparison).
    public static func matches(_ pin: String, salt: Data, hash: Data, parameters: Parameters) async -> Bool {
        guard hash.count == outputBytes else { return false }
        guard let derived = try? await offPool({ try key(pin, salt: salt, parameters) }) else { return false }
        return derived.withUnsafeBytes { derived in
            hash.withUnsafeBytes { stored in
                pos_constant_time_equal(derived.bindMemory(to: UInt8.self).baseAddress,
                                        stored.bindMemory(to: UInt8.self).baseAddress, outputBytes) == 1
            }
        }
    }

    /// scrypt refused the parameters (N not a power of two above 1, or more memory than 1 GiB).
    struct InvalidParameters: Error {}

    private static func key(_ pin: String, salt: Data, _ parameters: Parameters) throws -> Data {
        guard parameters.cost > 1, parameters.blockSize > 0, parameters.parallelism > 0 else {
            throw InvalidParameters()
        }
        var output = [UInt8](repeating: 0, count: outputBytes)
        let password = Array(pin.utf8)
        let ok = salt.withUnsafeBytes { salt in
            pos_scrypt(password, password.count, salt.bindMemory(to: UInt8.self).baseAddress, salt.count,
                       UInt64(parameters.cost), UInt64(parameters.blockSize), UInt64(parameters.parallelism),
                       &output, output.count)
        }
        guard ok == 1 else { throw InvalidParameters() }
        return Data(output)
    }
}
