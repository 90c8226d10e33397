import ArgumentParser
import Foundation
import Storage

/// `--data-dir`, taken by every command.
struct DataDirectoryOptions: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: .tr("cli.common.dataDir.help"),
        completion: .directory
    )
    var dataDirectory: String?

    /// The data directory, created with mode 0700 if missing.
    ///
    /// - Throws: ``StorageError`` naming the directory when it cannot be created or written to (a read-only
    ///   disk, a directory of another user), so the person reads the path and what to do, never raw Foundation text.
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
        try Self.prepare(url.path)
        return url
    }

    /// Creates the directory (and its parents) if missing, keeps it private to its owner, and checks that
    /// this user may write to it.
    static func prepare(_ path: String) throws(StorageError) {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw StorageError.fileSystem("look up", path: path, errno: errno) }
            try makeDirectories(path)
            guard stat(path, &info) == 0 else { throw StorageError.fileSystem("look up", path: path, errno: errno) }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StorageError.fileSystem("use as a directory", path: path, errno: ENOTDIR)
        }
        // The directory holds credentials and sales: only its owner may enter it. (Only the owner may chmod;
        // another user's directory is checked for access below.)
        if info.st_uid == geteuid() && info.st_mode & 0o777 != 0o700 && chmod(path, 0o700) != 0 {
            throw StorageError.fileSystem("restrict permissions of", path: path, errno: errno)
        }
        if access(path, W_OK | X_OK) != 0 {
            throw StorageError.fileSystem("write to", path: path, errno: errno)
        }
    }

    /// `mkdir -p` with mode 0700 for the directories it creates.
    private static func makeDirectories(_ path: String) throws(StorageError) {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path && access(parent, F_OK) != 0 {
            try makeDirectories(parent)
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw StorageError.fileSystem("create", path: path, errno: errno)
        }
    }
}
