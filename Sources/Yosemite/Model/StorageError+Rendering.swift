import Localization
import Storage

extension StorageError {
    /// The failure as the clause after a domain's context: "The sale could not be saved: the disk is full, so the
    /// last change could not be saved." An unclassified failure keeps its detail, the only structure it has. In
    /// German the clause keeps its capital (a whole sentence after a colon starts with one, and nouns always do).
    var clause: String {
        var text = message
        if code == .other, !detail.isEmpty {
            text = (text.hasSuffix(".") ? String(text.dropLast()) : text) + " (\(detail))."
        }
        guard L10n.screen.language == .english, let first = text.first, !text.hasPrefix("pos ") else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// What to do: the storage failure's own advice when it is classified (free space, close the other `pos`,
    /// restore a backup…), else the domain's.
    func suggestion(otherwise domainSuggestion: String) -> String {
        code == .other ? domainSuggestion : recoverySuggestion
    }
}
