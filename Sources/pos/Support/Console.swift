import Foundation
import Localization
import POSFoundation

/// Writes what a command has to say: results to standard output, errors to standard error.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("pos: " + text + "\n").utf8))
    }

    /// Prints a user-facing error: what happened, then what to do.
    static func error(_ failure: some UserFacingError) {
        error(failure.message)
        if !failure.recoverySuggestion.isEmpty {
            FileHandle.standardError.write(Data(("  " + failure.recoverySuggestion + "\n").utf8))
        }
    }

    /// Says why the data directory's environment could not be opened: the error's own sentence and next step
    /// when it has them (with the path), never Foundation's raw text.
    static func openFailure(_ failure: any Error, directory: URL) {
        if let failure = failure as? any UserFacingError {
            error(failure)
        } else {
            error(L10n.tr("cli.error.openDataDirectory", ["path": directory.path, "error": "\(failure)"]))
        }
    }

    /// JSON with sorted keys, for `--json` output.
    static func json(_ value: some Encodable) throws {
        out(try jsonText(value))
    }

    /// The text ``json(_:)`` prints: every `--json` output is encoded here, one way.
    static func jsonText(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = LocalTime.jsonDates
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
