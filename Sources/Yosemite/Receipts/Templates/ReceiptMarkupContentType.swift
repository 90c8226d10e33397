import Hardware
import Mustache

/// Escapes every `{{value}}` for receipt markup, so data can never become a directive.
struct ReceiptMarkupContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { ReceiptMarkup.escape(text) }
}
