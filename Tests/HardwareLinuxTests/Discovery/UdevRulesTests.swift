import Foundation
import Hardware
import HardwareLinux
import Testing

@Suite struct UdevRulesTests {
    /// The package root, from this file's path (Tests/HardwareLinuxTests/Discovery/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func committedRulesFile_equalsTheGeneratedRules() throws {
        // Given
        let committed = try String(contentsOf: Self.root.appendingPathComponent("udev/\(UdevRules.fileName)"), encoding: .utf8)

        // When
        let generated = UdevRules.generate()

        // Then
        #expect(committed == generated, "regenerate: swift run pos reader install-udev-rules --dry-run > udev/\(UdevRules.fileName)")
    }

    @Test func hardwareDoc_containsTheGeneratedTable() throws {
        // Given
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/hardware.md"), encoding: .utf8)

        // When / Then
        #expect(doc.contains(UdevRules.markdownTable()), "copy UdevRules.markdownTable() into docs/hardware.md")
    }

    @Test func generate_eachTerminal_hasAUSBAndATTYRuleWithGroupAccessNeverWorldWritable() {
        // Given
        let rules = UdevRules.generate(group: "pos")

        // When
        let ruleLines = rules.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }

        // Then
        #expect(ruleLines.count == KnownTerminal.all.count * 2)
        for terminal in KnownTerminal.all {
            let vendor = String(terminal.idString.prefix(4))
            let product = String(terminal.idString.suffix(4))
            let matching = ruleLines.filter { $0.contains("ATTRS{idVendor}==\"\(vendor)\"") && $0.contains("ATTRS{idProduct}==\"\(product)\"") }
            #expect(matching.contains { $0.hasPrefix("SUBSYSTEM==\"usb\"") })
            #expect(matching.contains { $0.hasPrefix("SUBSYSTEM==\"tty\"") })
        }
        for line in ruleLines {
            #expect(line.contains("GROUP=\"pos\""))
            #expect(line.contains("MODE=\"0660\""))
            #expect(line.contains("TAG+=\"uaccess\""))
            #expect(!line.contains("0666"))
        }
    }

    @Test(arguments: [("dialout", true), ("pos-users", true), ("_pos", true), ("Pos", false), ("a b", false),
                      ("x\",MODE=\"0666", false), ("", false), ("1pos", false)])
    func isValidGroupName_name_acceptsOnlyPlainGroupNames(name: String, valid: Bool) {
        #expect(UdevRules.isValidGroupName(name) == valid)
    }

    @Test func knownTerminals_includeTheIngenicoIdsFromTheReferences() {
        #expect(KnownTerminal.matching(vendorID: 0x079B, productID: 0x0028)?.terminalProtocol == .concert)
        #expect(KnownTerminal.matching(vendorID: 0x0B00, productID: 0x0080)?.interfaceKind == .cdcACM)
        #expect(KnownTerminal.matching(vendorID: 0x1D6B, productID: 0x0002) == nil)
        #expect(Set(KnownTerminal.all.map(\.idString)).count == KnownTerminal.all.count)
        #expect(KnownTerminal.all.allSatisfy { !$0.source.isEmpty })
    }
}
