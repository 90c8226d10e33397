import Foundation
import Hardware
import Localization
import Testing
@testable import Yosemite

/// The bundled templates rendered at 32, 42 and 48 columns must match the committed `Receipts/samples/`.
/// `POS_UPDATE_SAMPLES=1 swift test --filter ReceiptSampleSnapshotTests` rewrites them after a deliberate change.
@Suite struct ReceiptSampleSnapshotTests {
    /// English in `Receipts/samples/`, German (the German templates, labels, dates) in `Receipts/samples/de/`.
    @Test(arguments: [Language.english, .german])
    func bundledTemplates_renderedAtEachWidth_matchCommittedSamples(language: Language) throws {
        // Given
        let samples = try ReceiptSampleRendering.samples(language: language)
        var folder = ReceiptSampleRendering.receiptsFolder.appendingPathComponent("samples")
        if language != .english { folder = folder.appendingPathComponent(language.rawValue) }
        let update = ProcessInfo.processInfo.environment["POS_UPDATE_SAMPLES"] == "1"
        for (name, receipt) in samples {
            for width in ReceiptSampleRendering.widths {
                // When
                let text = receipt.text(width: width)
                let url = folder.appendingPathComponent("\(name)-\(width).txt")
                // Then
                if update {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    continue
                }
                let committed = try String(contentsOf: url, encoding: .utf8)
                #expect(text == committed, "\(url.lastPathComponent) differs; rerun with POS_UPDATE_SAMPLES=1 if intended")
                #expect(text.split(separator: "\n").allSatisfy { $0.count <= width }, "\(name) overflows \(width)")
                #expect(receipt.warnings.isEmpty)
            }
        }
    }

    @Test(arguments: [Language.english, .german])
    func everySample_encodedAsESCPOS_isWellFormedAndEndsWithCut(language: Language) throws {
        for (name, receipt) in try ReceiptSampleRendering.samples(language: language) {
            for width in ReceiptSampleRendering.widths {
                // Given
                let bytes = receipt.escpos(width: width, profile: .generic80mm)
                // When
                let tokens = try ESCPOSTokenizer.tokenize(bytes)
                // Then
                #expect(!tokens.contains { if case .unknown = $0 { true } else { false } }, "\(name) at \(width)")
                #expect(tokens.last.map { if case .command(.cut) = $0 { true } else { false } } == true, "\(name)")
            }
        }
    }
}
