import CLibCrypto
import Foundation

/// ECDSA over P-384 with SHA-384 in the TSE's byte formats, on Debian's libcrypto (CLibCrypto): the private key is
/// its 48-byte scalar, the public key the 97-byte uncompressed point, a signature the 96-byte plain `r || s`.
/// Immutable bytes, so Sendable.
public struct P384SigningKey: Sendable, Hashable {
    /// The private scalar (big-endian, 48 bytes, in [1, n-1]).
    public let scalar: Data
    /// The public key: `04 || X || Y`.
    public let publicKey: Data

    /// A new key from the system's random source.
    public init() {
        var scalar = [UInt8](repeating: 0, count: Int(POS_P384_SCALAR_BYTES))
        // Fails only when the system has no randomness to give, which nothing here could sign without.
        precondition(pos_p384_generate(&scalar) == 1, "libcrypto could not make a P-384 key")
        self.init(scalar: Data(scalar))!
    }

    /// The key of a stored scalar; `nil` when it is not a P-384 private key.
    public init?(scalar: Data) {
        guard scalar.count == Int(POS_P384_SCALAR_BYTES) else { return nil }
        var point = [UInt8](repeating: 0, count: Int(POS_P384_POINT_BYTES))
        let ok = scalar.withUnsafeBytes { pos_p384_public_key($0.bindMemory(to: UInt8.self).baseAddress, &point) }
        guard ok == 1 else { return nil }
        self.scalar = scalar
        self.publicKey = Data(point)
    }

    /// The plain `r || s` signature of SHA-384(`message`).
    public func signature(for message: Data) -> Data {
        var signature = [UInt8](repeating: 0, count: Int(POS_P384_SIGNATURE_BYTES))
        // The public point made with the key is passed in, not derived again at every signature.
        let ok = scalar.withUnsafeBytes { key in
            publicKey.withUnsafeBytes { point in
                message.withUnsafeBytes { bytes in
                    pos_p384_sign(key.bindMemory(to: UInt8.self).baseAddress,
                                  point.bindMemory(to: UInt8.self).baseAddress,
                                  bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &signature)
                }
            }
        }
        // The scalar was checked when this key was made; signing it fails only when libcrypto cannot allocate.
        precondition(ok == 1, "libcrypto could not sign with a valid P-384 key")
        return Data(signature)
    }

    /// Whether `signature` (plain `r || s`) signs `message` under `publicKey` (an uncompressed point).
    public static func isValid(signature: Data, for message: Data, publicKey: Data) -> Bool {
        guard publicKey.count == Int(POS_P384_POINT_BYTES), signature.count == Int(POS_P384_SIGNATURE_BYTES) else {
            return false
        }
        return publicKey.withUnsafeBytes { point in
            message.withUnsafeBytes { bytes in
                signature.withUnsafeBytes { value in
                    pos_p384_verify(point.bindMemory(to: UInt8.self).baseAddress,
                                    bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                                    value.bindMemory(to: UInt8.self).baseAddress) == 1
                }
            }
        }
    }
}

/// SHA-256 (libcrypto): the TSE's serial number is the hash of its public key.
public enum SHA256Digest {
    public static func hash(_ data: Data) -> Data {
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = data.withUnsafeBytes { pos_sha256($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &digest) }
        precondition(ok == 1, "libcrypto could not hash")
        return Data(digest)
    }
}
