import Foundation
import Hardware
import Storage
import Testing
@testable import Yosemite

/// A merchant's `<data dir>/templates` wins over the bundled templates; a broken one is reported with file and
/// line and the bundled one is used, so a sale is never blocked.
@Suite struct ReceiptTemplateOverrideTests {
    let bundled = ReceiptSampleRendering.receiptsFolder.appendingPathComponent("templates")
    let overrides: URL

    init() throws {
        overrides = FileManager.default.temporaryDirectory.appendingPathComponent("pos-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
    }

    private func render(_ name: ReceiptTemplateName = .sale) throws -> RenderedReceipt {
        let renderer = ReceiptRenderer(templates: try ReceiptTemplateSet(overrideDirectory: overrides, bundledDirectory: bundled))
        let model = ReceiptComposer(context: ReceiptSamples.context).sale(ReceiptSamples.sale(card: false))
        return try renderer.render(model, with: name)
    }

    @Test func render_validOverride_usesMerchantTemplate() throws {
        // Given
        try "@center @bold {{store.name}} — merchant\n{{#lines}}\n@row {{name}}|{{total}}\n{{/lines}}\n@cut\n"
            .write(to: overrides.appendingPathComponent("sale.mustache"), atomically: true, encoding: .utf8)
        // When
        let receipt = try render()
        // Then
        #expect(receipt.warnings.isEmpty)
        #expect(receipt.text(width: 42).contains("Corner Shop — merchant"))
    }

    @Test func render_overrideEditedOrBrokenOrRemovedBetweenReceipts_theNextReceiptFollowsTheFile() throws {
        // Given a merchant template in use (parsed once, then reused while the file is unchanged)
        let file = overrides.appendingPathComponent("sale.mustache")
        try "@center first edition\n@cut\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(try render().text(width: 42).contains("first edition"))
        #expect(try render().text(width: 42).contains("first edition"))

        // When it is edited in place, to the same length
        try "@center other edition\n@cut\n".write(to: file, atomically: false, encoding: .utf8)
        // Then the next receipt uses the edit
        #expect(try render().text(width: 42).contains("other edition"))

        // When it is replaced by a broken one, then removed
        try "@center {{#lines}}\n".write(to: file, atomically: true, encoding: .utf8)
        let broken = try render()
        #expect(broken.warnings.first?.file == file.path && broken.text(width: 42).contains("TOTAL"))
        try FileManager.default.removeItem(at: file)
        // Then the bundled template is back, without a warning
        let bundledAgain = try render()
        #expect(bundledAgain.warnings.isEmpty && bundledAgain.text(width: 42).contains("TOTAL"))
    }

    @Test func render_overrideWithUnclosedSection_reportsFileAndLineAndFallsBack() throws {
        // Given
        let file = overrides.appendingPathComponent("sale.mustache")
        try "@center {{store.name}}\n{{#lines}}\n@row {{name}}|{{total}}\n@cut\n".write(to: file, atomically: true, encoding: .utf8)
        // When
        let receipt = try render()
        // Then
        let warning = try #require(receipt.warnings.first)
        #expect(warning.file == file.path)
        #expect(warning.line >= 2)
        #expect(warning.fellBackToBundled)
        #expect(warning.message.contains("sale.mustache"))
        #expect(receipt.text(width: 42).contains("TOTAL"))
    }

    @Test func render_overrideWithBadDirective_reportsRenderedLineAndFallsBack() throws {
        // Given
        try "@center {{store.name}}\n@qrcode nope\n".write(to: overrides.appendingPathComponent("sale.mustache"),
                                                         atomically: true, encoding: .utf8)
        // When
        let receipt = try render()
        // Then
        let warning = try #require(receipt.warnings.first)
        #expect(warning.line == 2)
        #expect(warning.reason.contains("qrcode"))
        #expect(receipt.text(width: 42).contains("TOTAL"))
    }

    @Test func render_dataWithDirectives_isEscaped() throws {
        // Given a product named like a directive
        var data = ReceiptSamples.sale(card: false)
        data.lines[0].name = "@cut\n@drawer"
        let renderer = ReceiptRenderer(templates: try ReceiptTemplateSet(overrideDirectory: nil, bundledDirectory: bundled))
        // When
        let receipt = try renderer.render(ReceiptComposer(context: ReceiptSamples.context).sale(data), with: .sale)
        // Then
        #expect(receipt.text(width: 48).contains("@cut @drawer"))
    }
}
