import Foundation
import Testing
import TSESimulator
import Yosemite

/// The demo TSE's signatures and the PIN hashes against an implementation pos does not call: the `openssl` command
/// line (Debian's `openssl` package, from scripts/install-deps.sh) verifies what `P384SigningKey` signs, signs what it
/// verifies, and hashes what `SHA256Digest` hashes; scrypt is held to RFC 7914's published test vector.
/// The `openssl` command line (outside the suite: its tests' traits read it while the suite type is being declared).
private let opensslPath = "/usr/bin/openssl"
private let hasOpenssl = FileManager.default.isExecutableFile(atPath: opensslPath)

@Suite("libcrypto against the openssl CLI")
struct LibCryptoCrossCheckTests {

    /// P-384's SubjectPublicKeyInfo up to the point: SEQUENCE { SEQUENCE { id-ecPublicKey, secp384r1 }, BIT STRING }.
    static let publicKeyPrefix: [UInt8] = [0x30, 0x76, 0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
                                           0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22, 0x03, 0x62, 0x00]

    /// A DER INTEGER of an unsigned big-endian value.
    static func integer(_ bytes: Data) -> [UInt8] {
        var value = Array(bytes.drop { $0 == 0 })
        if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
        return [0x02, UInt8(value.count)] + value
    }

    /// The plain `r || s` signature as DER (SEQUENCE { INTEGER r, INTEGER s }), as openssl reads it.
    static func der(plain signature: Data) -> Data {
        let body = integer(signature.prefix(48)) + integer(signature.suffix(48))
        return Data([0x30, UInt8(body.count)] + body)
    }

    /// The DER signature as plain `r || s`.
    static func plain(der signature: Data) throws -> Data {
        let bytes = [UInt8](signature)
        try #require(bytes.count > 8 && bytes[0] == 0x30 && bytes[2] == 0x02)
        let rLength = Int(bytes[3]), r = bytes[4 ..< 4 + rLength]
        try #require(bytes[4 + rLength] == 0x02)
        let sLength = Int(bytes[5 + rLength]), s = bytes[(6 + rLength) ..< (6 + rLength + sLength)]
        func padded(_ value: ArraySlice<UInt8>) -> [UInt8] {
            let trimmed = Array(value.drop { $0 == 0 })
            return [UInt8](repeating: 0, count: 48 - trimmed.count) + trimmed
        }
        return Data(padded(r) + padded(s))
    }

    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("libcrypto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func openssl(_ arguments: [String], in folder: URL) async throws -> DSFinVKValidators.Result {
        try await DSFinVKValidators.run(opensslPath, arguments, in: folder)
    }

    @Test("what P384SigningKey signs, openssl verifies; a changed message does not verify",
          .enabled("the openssl CLI is missing: run scripts/install-deps.sh") { hasOpenssl })
    func opensslVerifiesOurSignature() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = P384SigningKey()
        let message = Data("StartTransaction Beleg^11.90_2.14_0.00_0.00_0.00^14.04:Unbar".utf8)
        let signature = key.signature(for: message)
        #expect(signature.count == 96 && key.publicKey.count == 97 && key.publicKey.first == 0x04)
        try (Data(Self.publicKeyPrefix) + key.publicKey).write(to: folder.appendingPathComponent("public.der"))
        try Self.der(plain: signature).write(to: folder.appendingPathComponent("signature.der"))
        try message.write(to: folder.appendingPathComponent("message"))
        try Data("changed".utf8 + message).write(to: folder.appendingPathComponent("changed"))
        let verify = ["dgst", "-sha384", "-keyform", "DER", "-verify", "public.der", "-signature", "signature.der"]
        let good = try await openssl(verify + ["message"], in: folder)
        #expect(good.status == 0 && good.stdout.contains("Verified OK"), "\(good.stdout) \(good.stderr)")
        let bad = try await openssl(verify + ["changed"], in: folder)
        #expect(bad.status != 0, "\(bad.stdout)")
    }

    @Test("what openssl signs with a P-384 key, P384SigningKey verifies, and it derives openssl's public key",
          .enabled("the openssl CLI is missing: run scripts/install-deps.sh") { hasOpenssl })
    func weVerifyOpensslSignature() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = Data("FinishTransaction AVBelegabbruch^0.00_0.00_0.00_0.00_0.00^".utf8)
        try message.write(to: folder.appendingPathComponent("message"))
        let generate = ["ecparam", "-name", "secp384r1", "-genkey", "-noout", "-out", "key.pem"]
        #expect(try await openssl(generate, in: folder).status == 0)
        let sign = ["dgst", "-sha384", "-sign", "key.pem", "-out", "signature.der", "message"]
        #expect(try await openssl(sign, in: folder).status == 0)
        // The key's scalar and point, from openssl's own text dump.
        let text = try await openssl(["ec", "-in", "key.pem", "-text", "-noout"], in: folder).stdout
        func hexBlock(after label: String) -> Data {
            let lines = text.components(separatedBy: "\n").drop { !$0.hasPrefix(label) }.dropFirst()
                .prefix { $0.hasPrefix(" ") }
            return Self.hex(lines.joined().filter(\.isHexDigit))
        }
        var scalar = hexBlock(after: "priv:")
        scalar = Data(repeating: 0, count: max(0, 48 - scalar.count)) + scalar.suffix(48)
        let point = hexBlock(after: "pub:")
        let key = try #require(P384SigningKey(scalar: scalar))
        #expect(key.publicKey == point)
        let signature = try Self.plain(der: try Data(contentsOf: folder.appendingPathComponent("signature.der")))
        #expect(P384SigningKey.isValid(signature: signature, for: message, publicKey: point))
        #expect(!P384SigningKey.isValid(signature: signature, for: message + Data([0]), publicKey: point))
        // Not a key: zero, and a point off the curve.
        #expect(P384SigningKey(scalar: Data(repeating: 0, count: 48)) == nil)
        var offCurve = point
        offCurve[96] ^= 1
        #expect(!P384SigningKey.isValid(signature: signature, for: message, publicKey: offCurve))
    }

    @Test("SHA256Digest agrees with openssl dgst -sha256",
          .enabled("the openssl CLI is missing: run scripts/install-deps.sh") { hasOpenssl })
    func sha256AgreesWithOpenssl() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = Data((0 ..< 1000).map { UInt8($0 % 251) })
        try data.write(to: folder.appendingPathComponent("data"))
        let digest = try await openssl(["dgst", "-sha256", "-r", "data"], in: folder).stdout.prefix(64)
        #expect(SHA256Digest.hash(data).map { String(format: "%02x", $0) }.joined() == digest)
    }

    @Test("PinHasher's scrypt gives RFC 7914's test vector (password, NaCl, N=1024, r=8, p=16), cut to 32 bytes")
    func scryptMatchesRFC7914() async throws {
        // RFC 7914 section 12, the second vector's first 32 of its 64 bytes (scrypt's output is PBKDF2's: a shorter
        // output is a prefix of the longer one).
        let expected = "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
        let parameters = PinHasher.Parameters(cost: 1024, blockSize: 8, parallelism: 16), salt = Data("NaCl".utf8)
        #expect(await PinHasher.matches("password", salt: salt, hash: Self.hex(expected), parameters: parameters))
        #expect(await !PinHasher.matches("passwore", salt: salt, hash: Self.hex(expected), parameters: parameters))
    }

    /// The bytes of a string of hex digits.
    static func hex(_ string: String) -> Data {
        let digits = Array(string.utf8)
        return Data(stride(from: 0, to: digits.count - 1, by: 2).map {
            UInt8(String(decoding: digits[$0 ... $0 + 1], as: UTF8.self), radix: 16)!
        })
    }
}
