import Foundation
import Hardware

/// A receipt rendered from its template: the markup, the document, its text at a width, and any template
/// problem that made it fall back to the bundled template.
public struct RenderedReceipt: Sendable {
    /// The markup the template produced.
    public var markup: String
    /// The parsed document.
    public var document: ReceiptDocument
    /// Problems with the merchant's templates (the bundled template was used instead).
    public var warnings: [ReceiptTemplateError]

    /// The receipt as UTF-8 text lines at a width.
    public func text(width: Int) -> String {
        PlainTextEncoder(cutMarker: nil).render(document, width: width)
    }

    /// The receipt as ESC/POS for a printer profile at a width.
    public func escpos(width: Int, profile: PrinterProfile = .generic80mm) -> [UInt8] {
        ESCPOSEncoder(profile: profile).encode(document, width: width)
    }
}

/// Renders view models through the templates into receipt documents; never fails because of a merchant's
/// template: a broken one is reported and the bundled one is used.
public struct ReceiptRenderer: Sendable {
    /// The templates in use.
    public var templates: ReceiptTemplateSet

    /// Creates a renderer.
    public init(templates: ReceiptTemplateSet) {
        self.templates = templates
    }

    /// Renders a view model with a template.
    ///
    /// - Throws: ``ReceiptError/bundledTemplateBroken(_:)`` only when the bundled template itself renders
    ///   markup that does not parse (a packaging fault, caught by the snapshot tests).
    public func render(_ model: ReceiptViewModel, with name: ReceiptTemplateName) throws(ReceiptError) -> RenderedReceipt {
        var warnings = templates.warnings
        if templates.isOverridden(name) {
            let markup = templates.render(model, with: name)
            do {
                return RenderedReceipt(markup: markup, document: try ReceiptMarkup.parse(markup), warnings: warnings)
            } catch {
                warnings.append(ReceiptTemplateError(
                    file: templates.file(of: name).path, line: error.line,
                    reason: "its output is not valid receipt markup (\(error.detail))", fellBackToBundled: true
                ))
            }
        }
        let markup = templates.renderBundled(model, with: name)
        do {
            return RenderedReceipt(markup: markup, document: try ReceiptMarkup.parse(markup), warnings: warnings)
        } catch {
            throw .bundledTemplateBroken(ReceiptTemplateError(
                file: templates.bundledDirectory.appendingPathComponent(name.fileName).path, line: error.line,
                reason: "its output is not valid receipt markup (\(error.detail))", fellBackToBundled: false
            ))
        }
    }
}
