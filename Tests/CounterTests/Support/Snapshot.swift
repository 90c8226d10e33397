import Foundation
import Testing

/// Compares text with a snapshot committed under `Tests/CounterTests/__Snapshots__/NAME.txt`. A missing snapshot
/// is written and the test fails once, so a new snapshot is always looked at before it is trusted; set
/// `POS_RECORD_SNAPSHOTS=1` to rewrite snapshots after an intended change.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__", isDirectory: true)
    let file = folder.appendingPathComponent("\(name).txt")
    let record = ProcessInfo.processInfo.environment["POS_RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); check \(file.path) and run again", sourceLocation: sourceLocation)
        return
    }
    if expected != text + "\n" {
        Issue.record("snapshot \(name) differs.\n--- expected\n\(expected)--- got\n\(text)\n", sourceLocation: sourceLocation)
    }
}
