import Foundation
import POSFoundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

struct DurableFileTests {
    /// A fresh directory under the system's temporary directory, removed by the caller.
    private static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "durable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test func replace_overAnOldFile_leavesTheNewContentTheModeAndNoTemporaryFile() throws {
        // Given
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tse-simulator.json"
        try DurableFile.replace(path, with: Data("old".utf8), permissions: 0o644)

        // When
        try DurableFile.replace(path, with: Data("new".utf8), permissions: 0o600)

        // Then
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["tse-simulator.json"])
    }

    @Test func replace_inAMissingDirectory_throwsWithTheStepAndErrno() throws {
        // When
        let error = #expect(throws: DurableFileError.self) {
            try DurableFile.replace("/nonexistent-\(UUID().uuidString)/settings.json", with: Data("x".utf8))
        }

        // Then
        #expect(error?.operation == "create temporary file for")
        #expect(error?.errno == ENOENT)
    }

    @Test func append_twice_keepsBothLinesInOrder() throws {
        // Given
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ledger.jsonl"

        // When
        try DurableFile.append(Data("{\"n\":1}\n".utf8), to: path)
        try DurableFile.append(Data("{\"n\":2}\n".utf8), to: path)

        // Then
        #expect(FileManager.default.contents(atPath: path) == Data("{\"n\":1}\n{\"n\":2}\n".utf8))
    }

    @Test func remove_aMissingFile_isNotAnError() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try DurableFile.remove(directory + "/demo-store")
    }
}
