import Foundation
import Hardware

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
        if templates.isOverridden(name, language: model.language) {
            let markup = templates.render(model, with: name)
            do {
                return RenderedReceipt(markup: markup, document: try ReceiptMarkup.parse(markup), warnings: warnings)
            } catch {
                warnings.append(ReceiptTemplateError(
                    file: templates.file(of: name, language: model.language).path, line: error.line,
                    reason: "its output is not valid receipt markup (\(error.detail))", fellBackToBundled: true
                ))
            }
        }
        let markup = templates.renderBundled(model, with: name)
        do {
            return RenderedReceipt(markup: markup, document: try ReceiptMarkup.parse(markup), warnings: warnings)
        } catch {
            throw .bundledTemplateBroken(ReceiptTemplateError(
                file: templates.bundledFile(of: name, language: model.language).path, line: error.line,
                reason: "its output is not valid receipt markup (\(error.detail))", fellBackToBundled: false
            ))
        }
    }
}
