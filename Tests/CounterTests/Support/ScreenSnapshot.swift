import Foundation
import SnapshotTesting
import Testing

extension Snapshotting where Value == String, Format == String {
    /// A rendered screen as its reference file holds it (`Screens/__Snapshots__/SUITE/TEST.NAME.txt`): the lines
    /// and a final newline, diffed line by line.
    static var screen: Self {
        Snapshotting<String, String>.lines.pullback { $0 + "\n" }
    }
}

extension Trait where Self == _SnapshotsTestTrait {
    /// Screen snapshots are compared and never written, in CI or anywhere else: a missing or different reference
    /// fails the test. `POS_RECORD_SNAPSHOTS=1` rewrites them after an intended change (look at the diff before
    /// committing); swift-snapshot-testing's own `SNAPSHOT_TESTING_RECORD` is overridden here.
    static var screenSnapshots: Self {
        .snapshots(record: ProcessInfo.processInfo.environment["POS_RECORD_SNAPSHOTS"] == "1" ? .all : .never)
    }
}
