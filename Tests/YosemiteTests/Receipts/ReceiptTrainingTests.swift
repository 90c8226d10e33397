import Foundation
import Localization
import Storage
import Testing
@testable import Yosemite

/// A training sale's receipt: TRAINING under the header and a training note above the footer, in English
/// and German, on the original and on the copy; its number from the register's training series.
struct ReceiptTrainingTests {
    static func render(_ language: Language, copy: Bool, training: Bool = true) throws -> String {
        let renderer = ReceiptRenderer(templates: try ReceiptTemplateSet(
            overrideDirectory: nil, bundledDirectory: ReceiptSampleRendering.receiptsFolder.appendingPathComponent("templates")))
        var sale = ReceiptSamples.sale(card: false)
        sale.order.training = training
        sale.order.registerId = "K2"
        sale.order.receiptNumber = 3
        let composer = ReceiptComposer(context: ReceiptSamples.context(language: language))
        return try renderer.render(composer.sale(sale, copy: copy), with: .sale).text(width: 42)
    }

    @Test(arguments: [(Language.english, "TRAINING: not a real sale"), (.german, "TRAINING: kein echter Verkauf")])
    func trainingSale_markedAtTopAndBottom_copyToo(_ language: Language, _ note: String) throws {
        for copy in [false, true] {
            let text = try Self.render(language, copy: copy)
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let mark = try #require(lines.firstIndex(of: "TRAINING"), "\(text)")
            let bottom = try #require(lines.firstIndex(of: note), "\(text)")
            #expect(mark < bottom)
            let number = try #require(lines.firstIndex { $0.contains("K2-T000003") }, "\(text)")
            #expect(mark < number, "the mark is under the header")
            #expect(!text.contains("K2-000003"), "a training sale has no number of the receipt series")
            if copy { #expect(text.contains(language == .german ? "KOPIE" : "COPY")) }
        }
    }

    @Test func realSale_hasNoTrainingMark() throws {
        let text = try Self.render(.english, copy: false, training: false)
        #expect(!text.contains("TRAINING"))
        #expect(text.contains("K2-000003"))
    }
}
