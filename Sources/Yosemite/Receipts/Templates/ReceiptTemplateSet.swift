import POSFoundation
import Foundation
import Hardware
import Localization
import Mustache
import ReceiptTemplates
import Synchronization

/// The receipt templates in use, per language: the bundled ones (`templates/<lang>/<name>.mustache` for a
/// language other than English, else `templates/<name>.mustache`), each replaced by the merchant's
/// `<data dir>/templates/<lang>/<name>.mustache`, or else `<data dir>/templates/<name>.mustache` (as before languages),
/// when it is there and parses. A broken override is reported (file and line) and skipped.
public struct ReceiptTemplateSet: Sendable {
    /// The merchant's override folder (`<data dir>/templates`).
    public let overrideDirectory: URL?
    /// The folder of the bundled templates.
    public let bundledDirectory: URL
    /// Problems found while loading (broken overrides); the bundled template replaced each.
    public private(set) var warnings: [ReceiptTemplateError] = []

    /// One language's templates.
    private struct Variant: Sendable {
        var library: MustacheLibrary
        var bundledLibrary: MustacheLibrary
        /// The merchant's files in use, by template name.
        var overridden: [String: URL] = [:]
        /// The bundled files, by template name.
        var bundledFiles: [String: URL] = [:]
    }

    private var variants: [Language: Variant] = [:]

    /// The content type that escapes values for receipt markup (`{{value}}` → ``ReceiptMarkup/escape(_:keepingLineBreaks:)``).
    static let contentTypeName = "POS_RECEIPT"
    private static let registerContentType: Void = {
        MustacheContentTypes.register(ReceiptMarkupContentType(), named: contentTypeName)
    }()

    /// Loads the templates of every language.
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
        var warnings: [ReceiptTemplateError] = []
        for language in Language.allCases {
            // English is the root folder; another language's folder falls back to it name by name.
            let folders = language == .english ? [""] : [language.rawValue + "/", ""]
            var bundled: [String: MustacheTemplate] = [:]
            var variant = Variant(library: MustacheLibrary(), bundledLibrary: MustacheLibrary())
            for name in ReceiptTemplateName.allCases {
                var found = false
                for folder in folders {
                    let url = bundledDirectory.appendingPathComponent(folder + name.fileName)
                    switch Self.load(url) {
                    case .success(let template?):
                        bundled[name.rawValue] = template
                        variant.bundledFiles[name.rawValue] = url
                        found = true
                    case .success(nil):
                        continue
                    case .failure(let error):
                        throw .bundledTemplateBroken(error)
                    }
                    break
                }
                if !found { throw .templatesMissing([bundledDirectory.appendingPathComponent(name.fileName).path]) }
            }
            var active = bundled
            if let overrideDirectory {
                for name in ReceiptTemplateName.allCases {
                    for folder in folders {
                        let url = overrideDirectory.appendingPathComponent(folder + name.fileName)
                        switch Self.load(url) {
                        case .success(let template?):
                            active[name.rawValue] = template
                            variant.overridden[name.rawValue] = url
                        case .success(nil):
                            continue
                        case .failure(let error):
                            // A broken file is reported once, with the language whose folder holds it.
                            if folder != "" || language == .english { warnings.append(error) }
                            continue
                        }
                        break
                    }
                }
            }
            variant.library = MustacheLibrary(templates: active)
            variant.bundledLibrary = MustacheLibrary(templates: bundled)
            variants[language] = variant
        }
        self.warnings = warnings
    }

    /// Whether a merchant template replaces the bundled one.
    public func isOverridden(_ name: ReceiptTemplateName, language: Language = .english) -> Bool {
        variants[language]?.overridden[name.rawValue] != nil
    }

    /// The template file in use for a name.
    public func file(of name: ReceiptTemplateName, language: Language = .english) -> URL {
        variants[language]?.overridden[name.rawValue] ?? variants[language]?.bundledFiles[name.rawValue]
            ?? bundledDirectory.appendingPathComponent(name.fileName)
    }

    /// The bundled template file for a name.
    public func bundledFile(of name: ReceiptTemplateName, language: Language = .english) -> URL {
        variants[language]?.bundledFiles[name.rawValue] ?? bundledDirectory.appendingPathComponent(name.fileName)
    }

    /// Renders the template in use (the merchant's, if any) in the model's language.
    func render(_ model: ReceiptViewModel, with name: ReceiptTemplateName) -> String {
        variants[model.language]?.library.render(model, withTemplate: name.rawValue) ?? ""
    }

    /// Renders the bundled template in the model's language, whatever the merchant put in place.
    func renderBundled(_ model: ReceiptViewModel, with name: ReceiptTemplateName) -> String {
        variants[model.language]?.bundledLibrary.render(model, withTemplate: name.rawValue) ?? ""
    }

    /// The templates parsed in this process, by path, with the text they were parsed from. Every receipt builds a
    /// template set (so that a merchant's edit counts from the next receipt, without a restart); parsing the dozen
    /// bundled templates of each language for every sale cost a till as much CPU as writing the sale itself. A file is
    /// still read each time (a few kilobytes) and parsed again only when its text changed: a file's time stamp can
    /// miss an edit made within the same clock tick. Only good parses are kept: a broken file is parsed again (its
    /// error speaks the screen's language of the moment).
    private static let parsed = Mutex<[String: (source: String, template: MustacheTemplate)]>([:])

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
        if let cached = parsed.locked({ $0[url.path] }), cached.source == source {
            return .success(cached.template)
        }
        do {
            // The pragma stands on a line of its own (so it prints nothing); the parser's line numbers are one more
            // than the file's.
            let template = try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentTypeName) }}\n" + source)
            parsed.locked { $0[url.path] = (source, template) }
            return .success(template)
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
        case .sectionCloseNameIncorrect: L10n.tr("error.template.sectionCloseName")
        case .unfinishedName: L10n.tr("error.template.unfinishedName")
        case .expectedSectionEnd: L10n.tr("error.template.sectionEnd")
        case .invalidSetDelimiter: L10n.tr("error.template.setDelimiter")
        default: "\(error)"
        }
    }
}
