import ArgumentParser
import Foundation

/// `--data-dir`, taken by every command.
struct DataDirectoryOptions: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: "Where pos keeps its database, credentials and receipts (default: $XDG_DATA_HOME/pos, else ~/.local/share/pos).",
        completion: .directory
    )
    var dataDirectory: String?

    /// The data directory, created with mode 0700 if missing.
    func resolve() throws -> URL {
        let url: URL
        if let dataDirectory {
            url = URL(fileURLWithPath: dataDirectory, isDirectory: true)
        } else if let xdg = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], !xdg.isEmpty {
            url = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("pos", isDirectory: true)
        } else {
            url = FileManager.default.homeDirectoryForCurrentUser
                .appendingPathComponent(".local/share/pos", isDirectory: true)
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // The directory holds credentials and sales: only its owner may enter it.
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        return url
    }
}
