import Foundation
import POSFoundation

/// A receipt template that cannot be used: which file, which line, what is wrong. The bundled template is used
/// instead, so a broken override never blocks a sale.
public struct ReceiptTemplateError: Error, Hashable, Sendable {
    /// The template file ("/var/lib/pos/templates/sale.mustache").
    public var file: String
    /// The 1-based line in the template (or, for a markup error, in the rendered text).
    public var line: Int
    /// What is wrong.
    public var reason: String
    /// Whether the bundled template was used instead.
    public var fellBackToBundled: Bool

    /// Creates an error.
    public init(file: String, line: Int, reason: String, fellBackToBundled: Bool) {
        self.file = file
        self.line = line
        self.reason = reason
        self.fellBackToBundled = fellBackToBundled
    }
}

extension ReceiptTemplateError: UserFacingError {
    public var message: String {
        "The receipt template \(file) is broken at line \(line): \(reason)."
            + (fellBackToBundled ? " The bundled template was used instead." : "")
    }

    public var recoverySuggestion: String {
        "Fix line \(line) of \(file) (or delete the file to go back to the bundled template); "
            + "`pos receipt show ORDER` shows the result."
    }
}
