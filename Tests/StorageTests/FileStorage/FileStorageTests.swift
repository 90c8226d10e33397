import Foundation
import Testing
@testable import Storage

struct FileStorageTests {
    private struct Credentials: Codable, Equatable {
        var siteURL: String
        var username: String
        var applicationPassword: String
        var savedAt: Date
    }

    private let files = FileStorage()

    private static func big(_ letter: String) -> String { String(repeating: letter, count: 20_000) }

    @Test func writeCodable_newFile_readsBackWithMode0600() throws {
        // Given
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("credentials.json")
        let credentials = Credentials(
            siteURL: "https://shop.example", username: "pos", applicationPassword: "abcd efgh",
            savedAt: Date(timeIntervalSince1970: 1_700_000_000))

        // When
        try files.write(credentials, to: url)

        // Then
        #expect(try files.read(Credentials.self, from: url) == credentials)
        #expect(try filePermissions(url.path) == 0o600)
    }

    @Test func write_withPermissions_appliesThemAndReplacesTheOldContent() throws {
        // Given
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("printer.json")
        try files.write(Data("old".utf8), to: url, permissions: 0o600)

        // When
        try files.write(Data("new".utf8), to: url, permissions: 0o644)

        // Then
        #expect(try files.read(from: url) == Data("new".utf8))
        #expect(try filePermissions(url.path) == 0o644)
    }

    @Test func write_manyTimes_leavesNoTemporaryFileBehind() throws {
        // Given
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("settings.json")

        // When
        for index in 0..<20 {
            try files.write(["index": index], to: url)
        }

        // Then
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(names == ["settings.json"])
        #expect(try files.read([String: Int].self, from: url) == ["index": 19])
    }

    @Test func write_concurrentWriters_readerAlwaysSeesOneWholeVersion() async throws {
        // Given
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("state.json")
        try files.write(["value": Self.big("a")], to: url)
        let files = self.files

        // When
        let torn = try await withThrowingTaskGroup(of: Int.self) { group in
            for letter in ["b", "c", "d", "e"] {
                group.addTask {
                    for _ in 0..<10 { try files.write(["value": Self.big(letter)], to: url) }
                    return 0
                }
            }
            group.addTask {
                var torn = 0
                for _ in 0..<100 {
                    let value = try files.read([String: String].self, from: url)?["value"] ?? ""
                    if Set(value).count != 1 || value.count != 20_000 { torn += 1 }
                }
                return torn
            }
            return try await group.reduce(0, +)
        }

        // Then
        #expect(torn == 0)
    }

    @Test func read_missingFile_returnsNil() throws {
        // Given
        let directory = try TemporaryDirectory()

        // When
        let data = try files.read(from: directory.url.appendingPathComponent("none"))

        // Then
        #expect(data == nil)
    }

    @Test func read_undecodableContent_throwsInvalidData() throws {
        // Given
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("broken.json")
        try files.write(Data("{not json".utf8), to: url)

        // When
        let error = #expect(throws: StorageError.self) { try files.read([String: Int].self, from: url) }

        // Then
        #expect(error?.code == .invalidData)
    }

    @Test func delete_existingAndMissingFile_succeeds() throws {
        // Given
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("token")
        try files.write(Data("x".utf8), to: url)

        // When
        try files.delete(at: url)
        try files.delete(at: url)

        // Then
        #expect(try files.read(from: url) == nil)
    }

    @Test func write_missingDirectory_throwsWithErrno() throws {
        // Given
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("missing/file.json")

        // When
        let error = #expect(throws: StorageError.self) { try files.write(Data("x".utf8), to: url) }

        // Then
        #expect(error?.errno == ENOENT)
        #expect(error?.code == .fileSystem)
    }
}
