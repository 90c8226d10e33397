import Foundation
import Yosemite

/// Renders the reference sale receipt (card payment) as a counter prints it: compose the view model, render the
/// bundled Mustache template into markup and a document, then encode ESC/POS and plain text.
struct ReceiptBenchmark {
    let receipts: Int
    /// The columns of an 80 mm printer.
    let width = 48

    struct Result: Encodable {
        /// Compose + Mustache + markup parse, per receipt (ms).
        var composeAndTemplate: BenchCatalogResult.Latency
        /// ESC/POS encoding of the document (ms).
        var escpos: BenchCatalogResult.Latency
        /// Plain-text rendering of the document (ms).
        var plainText: BenchCatalogResult.Latency
        /// All three (ms).
        var total: BenchCatalogResult.Latency
        var escposBytes: Int
    }

    func run() throws -> Result {
        let renderer = ReceiptRenderer(templates: try ReceiptTemplateSet(overrideDirectory: nil))
        let composer = ReceiptComposer(context: ReceiptSamples.context)
        let data = ReceiptSamples.sale(card: true)
        let clock = ContinuousClock()
        var compose: [Duration] = [], escpos: [Duration] = [], text: [Duration] = [], total: [Duration] = []
        var bytes = 0
        for _ in 0..<receipts {
            let start = clock.now
            let rendered = try renderer.render(composer.sale(data), with: .sale)
            let composed = clock.now
            bytes = rendered.escpos(width: width).count
            let encoded = clock.now
            let lines = rendered.text(width: width)
            let end = clock.now
            precondition(!lines.isEmpty)
            compose.append(start.duration(to: composed))
            escpos.append(composed.duration(to: encoded))
            text.append(encoded.duration(to: end))
            total.append(start.duration(to: end))
        }
        return Result(composeAndTemplate: .init(compose), escpos: .init(escpos), plainText: .init(text),
                      total: .init(total), escposBytes: bytes)
    }
}
