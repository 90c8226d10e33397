import Foundation

/// Finds the folder of bundled receipt templates (`*.mustache`) without ever trapping.
///
/// SwiftPM's generated `Bundle.module` traps when the bundle is missing, which an installed binary must never do,
/// so the folder is looked up in order: `$POS_TEMPLATES_DIR`, the resource bundle beside the executable
/// (`pos_ReceiptTemplates.resources/templates`, what `swift build` produces and what an install copies),
/// `<prefix>/share/pos/templates` for a binary in `<prefix>/bin`, and the source tree this file was built from.
public enum ReceiptTemplates {
    /// The bundle folder name SwiftPM gives this target's resources.
    public static let bundleName = "pos_ReceiptTemplates.resources"

    /// The first candidate folder that holds the bundled templates, or nil when none does.
    public static func bundledDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        candidates(environment: environment).first { isTemplateFolder($0) }
    }

    /// Every folder looked at, in order (shown in the error when none holds templates).
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var result: [URL] = []
        if let override = environment["POS_TEMPLATES_DIR"], !override.isEmpty {
            result.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        var executableDirectories = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            executableDirectories.append(executable)
        }
        for directory in executableDirectories {
            result.append(directory.appendingPathComponent(bundleName).appendingPathComponent("templates"))
            result.append(directory.deletingLastPathComponent().appendingPathComponent("share/pos/templates"))
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("templates")
        result.append(source)
        return result
    }

    private static func isTemplateFolder(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("sale.mustache").path)
    }
}
