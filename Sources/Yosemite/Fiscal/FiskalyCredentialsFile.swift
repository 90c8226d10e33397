import Foundation
import Networking
import Storage

/// Where the fiskaly API key and secret live: a JSON file written 0600 through ``FileStorage``, like the store's
/// credentials.
public struct FiskalyCredentialsFile: Sendable {
    /// The file's name in the data folder.
    public static let fileName = "fiskaly-credentials.json"

    public let url: URL
    private let files: FileStorage

    /// The credentials file in `dataDirectory`.
    public init(dataDirectory: URL, files: FileStorage = FileStorage()) {
        self.url = dataDirectory.appendingPathComponent(Self.fileName)
        self.files = files
    }

    /// Writes the credentials (0600, atomically).
    public func save(_ credentials: FiskalyCredentials) throws {
        try files.write(credentials, to: url, permissions: FileStorage.ownerOnly)
    }

    /// The saved credentials, or nil when none were saved.
    public func load() throws -> FiskalyCredentials? {
        try files.read(FiskalyCredentials.self, from: url)
    }

    /// Removes the file.
    public func delete() throws {
        try files.delete(at: url)
    }
}
