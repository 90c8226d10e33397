import Localization
import POSFoundation

/// A malformed line in receipt markup, with its 1-based line number in the rendered markup.
public struct ReceiptMarkupError: Error, Hashable, Sendable {
    /// The 1-based number of the offending line in the markup that was parsed.
    public let line: Int
    /// What is wrong with it.
    public let reason: Reason

    /// Creates an error for a line.
    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// What is wrong with a line.
    public enum Reason: Hashable, Sendable {
        /// `@name` is not a directive.
        case unknownDirective(String)
        /// The directive needs an argument (`@qr` without a payload, `@row` without a `|`).
        case missingArgument(directive: String, expected: String)
        /// The directive's argument is not one it accepts.
        case invalidArgument(directive: String, argument: String, expected: String)
        /// The same kind of style was given twice (`@left @center`, `@double @tall`).
        case conflictingStyle(String)
        /// A style that does not apply to the block (`@bold @qr`, `@center @row`).
        case styleNotApplicable(style: String, directive: String)
        /// A barcode whose content does not fit its symbology.
        case invalidBarcode(ReceiptBarcodeError)
        /// `@verbatim` with no `@end` after it.
        case unterminatedVerbatim
        /// `@end` with no `@verbatim` before it.
        case unexpectedEnd
    }
}

extension ReceiptMarkupError: UserFacingError {
    public var message: String {
        L10n.tr("error.markup", ["line": String(line), "detail": detail])
    }

    public var recoverySuggestion: String {
        L10n.tr("error.markup.hint")
    }

    /// The reason in a few words, without the line number.
    public var detail: String {
        switch reason {
        case .unknownDirective(let name):
            L10n.tr("error.markup.unknownDirective", ["directive": name])
        case .missingArgument(let directive, let expected):
            L10n.tr("error.markup.missingArgument", ["directive": directive, "expected": expected])
        case .invalidArgument(let directive, let argument, let expected):
            L10n.tr("error.markup.invalidArgument", ["directive": directive, "argument": argument, "expected": expected])
        case .conflictingStyle(let style):
            L10n.tr("error.markup.conflictingStyle", ["style": style])
        case .styleNotApplicable(let style, let directive):
            L10n.tr("error.markup.styleNotApplicable", ["style": style, "directive": directive])
        case .invalidBarcode(let error):
            error.description
        case .unterminatedVerbatim:
            L10n.tr("error.markup.unterminatedVerbatim")
        case .unexpectedEnd:
            L10n.tr("error.markup.unexpectedEnd")
        }
    }
}
