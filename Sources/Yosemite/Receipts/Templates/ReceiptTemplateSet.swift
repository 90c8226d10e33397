import Foundation
import Hardware
import Mustache
import ReceiptTemplates

/// The receipt templates in use: the bundled ones, each replaced by `<data dir>/templates/<name>.mustache` when
/// the merchant put one there and it parses. A broken override is reported (file and line) and skipped.
public struct ReceiptTemplateSet: Sendable {
    /// The merchant's override folder (`<data dir>/templates`).
    public let overrideDirectory: URL?
    /// The folder of the bundled templates.
    public let bundledDirectory: URL
    /// Problems found while loading (broken overrides); the bundled template replaced each.
    public private(set) var warnings: [ReceiptTemplateError] = []

    private var library: MustacheLibrary
    private var bundledLibrary: MustacheLibrary
    private var overridden: Set<String> = []

    /// The content type that escapes values for receipt markup (`{{value}}` → ``ReceiptMarkup/escape(_:keepingLineBreaks:)``).
    static let contentTypeName = "POS_RECEIPT"
    private static let registerContentType: Void = {
        MustacheContentTypes.register(ReceiptMarkupContentType(), named: contentTypeName)
    }()

    /// Loads the templates.
    ///
    /// - Parameters:
    ///   - overrideDirectory: The merchant's folder; files there win over the bundled ones.
    ///   - bundledDirectory: The bundled templates; by default ``ReceiptTemplates/bundledDirectory(environment:)``.
    /// - Throws: ``ReceiptError/templatesMissing(_:)`` when no bundled templates can be found, or a bundled
    ///   template is itself broken (a packaging fault).
    public init(overrideDirectory: URL?, bundledDirectory: URL? = ReceiptTemplates.bundledDirectory()) throws(ReceiptError) {
        _ = Self.registerContentType
        guard let bundledDirectory else {
            throw .templatesMissing(ReceiptTemplates.candidates().map(\.path))
        }
        self.overrideDirectory = overrideDirectory
        self.bundledDirectory = bundledDirectory
        var bundled: [String: MustacheTemplate] = [:]
        var active: [String: MustacheTemplate] = [:]
        for name in ReceiptTemplateName.allCases {
            let url = bundledDirectory.appendingPathComponent(name.fileName)
            switch Self.load(url) {
            case .success(let template?):
                bundled[name.rawValue] = template
            case .success(nil):
                throw .templatesMissing([url.path])
            case .failure(let error):
                throw .bundledTemplateBroken(error)
            }
        }
        active = bundled
        var warnings: [ReceiptTemplateError] = []
        var overridden: Set<String> = []
        if let overrideDirectory {
            for name in ReceiptTemplateName.allCases {
                switch Self.load(overrideDirectory.appendingPathComponent(name.fileName)) {
                case .success(let template?):
                    active[name.rawValue] = template
                    overridden.insert(name.rawValue)
                case .success(nil):
                    continue
                case .failure(let error):
                    warnings.append(error)
                }
            }
        }
        self.library = MustacheLibrary(templates: active)
        self.bundledLibrary = MustacheLibrary(templates: bundled)
        self.warnings = warnings
        self.overridden = overridden
    }

    /// Whether a merchant template replaces the bundled one.
    public func isOverridden(_ name: ReceiptTemplateName) -> Bool { overridden.contains(name.rawValue) }

    /// The template file in use for a name.
    public func file(of name: ReceiptTemplateName) -> URL {
        if isOverridden(name), let overrideDirectory { return overrideDirectory.appendingPathComponent(name.fileName) }
        return bundledDirectory.appendingPathComponent(name.fileName)
    }

    /// Renders the template in use (the merchant's, if any).
    func render(_ model: ReceiptViewModel, with name: ReceiptTemplateName) -> String {
        library.render(model, withTemplate: name.rawValue) ?? ""
    }

    /// Renders the bundled template, whatever the merchant put in place.
    func renderBundled(_ model: ReceiptViewModel, with name: ReceiptTemplateName) -> String {
        bundledLibrary.render(model, withTemplate: name.rawValue) ?? ""
    }

    /// Reads and parses one file: `nil` when it does not exist, an error naming file and line when it is broken.
    private static func load(_ url: URL) -> Result<MustacheTemplate?, ReceiptTemplateError> {
        guard FileManager.default.fileExists(atPath: url.path) else { return .success(nil) }
        let source: String
        do {
            source = try String(contentsOf: url, encoding: .utf8)
        } catch {
            return .failure(ReceiptTemplateError(file: url.path, line: 1, reason: "it cannot be read as UTF-8 text",
                                                 fellBackToBundled: true))
        }
        do {
            // The pragma stands on a line of its own (so it prints nothing); the parser's line numbers are one more
            // than the file's.
            return .success(try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentTypeName) }}\n" + source))
        } catch let error as MustacheTemplate.ParserError {
            return .failure(ReceiptTemplateError(
                file: url.path, line: max(error.context.lineNumber - 1, 1), reason: describe(error.error), fellBackToBundled: true
            ))
        } catch {
            return .failure(ReceiptTemplateError(file: url.path, line: 1, reason: "\(error)", fellBackToBundled: true))
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        return switch error {
        case .sectionCloseNameIncorrect: "a section is closed with a different name than it was opened with"
        case .unfinishedName: "a tag is not closed (missing }})"
        case .expectedSectionEnd: "a section is opened but never closed"
        case .invalidSetDelimiter: "a set-delimiter tag is malformed"
        default: "\(error)"
        }
    }
}
