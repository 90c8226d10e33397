import Testing
import Yosemite

/// Inputs found by `scripts/fuzz.sh FuzzDSFinVK` (the writer's CSV read back by a strict reader), kept as
/// regression tests.
struct DSFinVKFuzzRegressionTests {
    static func table(_ values: [String]) -> DSFinVKTable {
        var table = DSFinVKTable(fileName: "lines.csv", name: "Bonpos", module: .einzelaufzeichnung,
                                 columns: [.init("BON_ID", .text(maxLength: 40)), .init("ARTIKELTEXT", .text(maxLength: 255))])
        for value in values { table.append(["BON_ID": "B-1", "ARTIKELTEXT": value]) }
        return table
    }

    /// A `;` or `"` followed by a combining mark is one Character equal to neither: the field was written
    /// unquoted, and a reader split it at the `;` (or met a stray quote).
    @Test(arguments: ["Tee;\u{301} grün", "Zoll\"\u{301}", "a;\u{200D}b", "\"\u{20DD}\";\u{FE0F}", "x\r\u{301}y", "\n\u{301}"])
    func fieldWithSeparatorGluedToCombiningMark_readsBackWhole(_ text: String) {
        // Given
        let table = Self.table([text])
        // When
        let rows = DSFinVKExportTests.parseCSV(table.csv)
        // Then
        #expect(rows.count == 2)
        #expect(rows.last?.count == 2)
        #expect(rows.last.map { Array($0[1].unicodeScalars) } == Array(text.unicodeScalars))
    }

    @Test func plainField_staysUnquoted() {
        #expect(Self.table(["Espresso é"]).csv == "BON_ID;ARTIKELTEXT\r\nB-1;Espresso é\r\n")
    }
}
