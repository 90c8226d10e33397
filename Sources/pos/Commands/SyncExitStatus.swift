import ArgumentParser
import Yosemite

/// `pos sync`'s own exit codes, as the issue defines them for scripts. They reuse raw values 3 and 4, which
/// mean login errors for other commands, so `pos sync` maps its outcomes here explicitly.
enum SyncExitStatus: Int32 {
    /// Everything is on the store.
    case synced = 0
    /// Entries are parked for a person (and nothing else waits).
    case parked = 3
    /// The store is unreachable or not answering: entries still wait.
    case unreachable = 4

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The exit status for a finished sync: waiting entries win over parked ones.
    init(_ summary: SyncSummary) {
        if summary.remaining > 0 || summary.unreachable {
            self = .unreachable
        } else if summary.parked > 0 {
            self = .parked
        } else {
            self = .synced
        }
    }
}

