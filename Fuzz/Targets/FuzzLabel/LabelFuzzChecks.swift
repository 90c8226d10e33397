import FuzzSupport
import Hardware
import POSFoundation

/// The invariants of the GS1 embedded-barcode layouts and their parser.
enum LabelFuzzChecks {
    static func settingsText(_ text: String) {
        guard let settings = try? EmbeddedBarcodeSettings(parsing: text) else { return }
        checkClaims(settings)
        guard let again = try? EmbeddedBarcodeSettings(parsing: settings.description) else {
            fuzzCheck(false, "settings written back do not parse")
            return
        }
        fuzzCheck(again == settings, "settings written back parse to other settings")
        // Every prefix a layout claims reads a zero-free label of its shape without trapping.
        for layout in settings.layouts {
            for prefix in layout.prefixes {
                let body = [Int](repeating: 9, count: EmbeddedBarcodeLayout.bodyLength)
                _ = try? settings.parse(label(prefix: prefix, body: body, layout: layout))
            }
        }
    }

    static func checkClaims(_ settings: EmbeddedBarcodeSettings) {
        var claimed: Set<Int> = []
        for layout in settings.layouts {
            fuzzCheck(claimed.isDisjoint(with: layout.prefixes), "two layouts claim one prefix")
            fuzzCheck(layout.prefixes.allSatisfy { (20...29).contains($0) }, "a layout claims a prefix outside 20–29")
            fuzzCheck(layout.itemDigits + (layout.hasVerifierDigit ? 1 : 0) + layout.valueDigits == EmbeddedBarcodeLayout.bodyLength,
                      "a layout's digits do not add up to ten")
            claimed.formUnion(layout.prefixes)
        }
    }

    /// Settings of one to three layouts from the input (those that are valid).
    static func settings(_ input: inout FuzzInput) -> EmbeddedBarcodeSettings {
        var layouts: [EmbeddedBarcodeLayout] = []
        var free = Set(20...29)
        for _ in 0..<(Int(input.byte() % 3) + 1) {
            let first = 20 + Int(input.byte() % 10)
            let last = min(29, first + Int(input.byte() % 3))
            let prefixes = Set(first...last).intersection(free)
            let items = Int(input.byte() % 8) + 1
            let verifier = input.bool()
            let content: EmbeddedBarcodeLayout.Content = switch input.byte() % 4 {
            case 0: .price
            case 1: .grams
            case 2: .weight(gramsPerUnit: 10)
            default: .weight(gramsPerUnit: Int(input.int(below: 1_000)) + 1)
            }
            let values = EmbeddedBarcodeLayout.bodyLength - items - (verifier ? 1 : 0)
            guard let layout = try? EmbeddedBarcodeLayout(prefixes: prefixes, itemDigits: items, hasVerifierDigit: verifier,
                                                          valueDigits: values, content: content) else { continue }
            layouts.append(layout)
            free.subtract(prefixes)
        }
        return (try? EmbeddedBarcodeSettings(layouts: layouts)) ?? .none
    }

    /// The 13 digits of a label: prefix, body (the verifier digit recomputed when the layout has one), check digit.
    static func label(prefix: Int, body: [Int], layout: EmbeddedBarcodeLayout) -> String {
        var body = body
        if layout.hasVerifierDigit, let verifier = GS1CheckDigit.priceVerifier(Array(body.suffix(layout.valueDigits))) {
            body[layout.itemDigits] = verifier
        }
        let twelve = [prefix / 10, prefix % 10] + body
        return (twelve + [GS1CheckDigit.standard(twelve)]).map(String.init).joined()
    }

    static func scanned(_ input: inout FuzzInput) {
        let settings = settings(&input)
        let text = input.bool() ? input.awkwardText() : String(decoding: input.rest(), as: UTF8.self)
        guard let code = try? settings.parse(text) else { return }
        check(code, settings: settings, unitPrice: Money(minorUnits: 1_299, currency: .eur))
    }

    static func check(_ code: EmbeddedBarcode, settings: EmbeddedBarcodeSettings, unitPrice: Money) {
        let digits = code.code.compactMap(\.wholeNumberValue)
        fuzzCheck(code.code.count == 13 && digits.count == 13 && code.code.allSatisfy(\.isASCII), "a label read is not 13 ASCII digits")
        fuzzCheck(GS1CheckDigit.standard(Array(digits.prefix(12))) == digits.last, "a label read has a wrong check digit")
        fuzzCheck(settings.layout(forPrefix: code.prefix) == code.layout, "a label was read with another prefix's layout")
        fuzzCheck(code.itemCode.count == code.layout.itemDigits, "an item code has \(code.itemCode.count) digits")
        fuzzCheck(code.lookupKeys.first == code.itemCode && !code.lookupKeys.contains(""), "lookup keys")
        switch code.value {
        case .weight(let grams): fuzzCheck(grams > 0, "a label weighs \(grams) g")
        case .price(let minor): fuzzCheck(minor > 0, "a label costs \(minor)")
        }
        fuzzCheck(code.priced(unitPrice: unitPrice).price.minorUnits >= 0, "a label line is priced below zero")
    }

    static func encoded(_ input: inout FuzzInput) {
        let settings = settings(&input)
        guard !settings.layouts.isEmpty else { return }
        let layout = settings.layouts[Int(input.byte()) % settings.layouts.count]
        let prefixes = layout.prefixes.sorted()
        let prefix = prefixes[Int(input.byte()) % prefixes.count]
        var body = (0..<EmbeddedBarcodeLayout.bodyLength).map { _ in Int(input.byte() % 10) }
        if body.suffix(layout.valueDigits).allSatisfy({ $0 == 0 }) { body[EmbeddedBarcodeLayout.bodyLength - 1] = 1 }
        let code = label(prefix: prefix, body: body, layout: layout)
        let spaced = String(repeating: " ", count: Int(input.byte() % 3)) + code + String(repeating: "\t", count: Int(input.byte() % 2))
        let read: EmbeddedBarcode?
        do {
            read = try settings.parse(spaced)
        } catch {
            fuzzCheck(false, "a label encoded with correct check digits is refused (\(error.code))")
            return
        }
        guard let read else {
            fuzzCheck(false, "a label with a claimed prefix is not read as one")
            return
        }
        check(read, settings: settings, unitPrice: Money(minorUnits: Int64(input.int(below: 100_000)), currency: .eur))
        let value = body.suffix(layout.valueDigits).reduce(0) { $0 * 10 + $1 }
        let item = body.prefix(layout.itemDigits).map(String.init).joined()
        fuzzCheck(read.code == code && read.prefix == prefix && read.itemCode == item, "a label reads back another item")
        switch (read.value, layout.content) {
        case (.price(let minor), .price): fuzzCheck(minor == Int64(value), "a price label reads back another price")
        case (.weight(let grams), .weight(let unit)): fuzzCheck(grams == value * unit, "a weight label reads back another weight")
        default: fuzzCheck(false, "a label reads back as the other kind")
        }
        // One digit changed: the check digit catches it (or another layout reads it, or it is no label at all).
        var digits = code.compactMap(\.wholeNumberValue)
        let position = Int(input.byte() % 13)
        digits[position] = (digits[position] + 1 + Int(input.byte() % 9)) % 10
        let changed = digits.map(String.init).joined()
        if let other = try? settings.parse(changed) {
            fuzzCheck(!(other.prefix == read.prefix && other.itemCode == read.itemCode && other.value == read.value),
                      "a label with one digit changed reads as the same item and value")
        }
    }
}
