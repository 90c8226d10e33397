/// Masks card data in free text a terminal sends (slip lines, display text) before anything keeps or prints it.
///
/// Some terminals print the full card number and the expiry date on the merchant slip and send those lines to
/// the counter verbatim. pos stores and prints only the last four digits and never an expiry date, so every line
/// passes through here on arrival:
/// - a run of 12 to 19 digits (single spaces or dashes between groups allowed) that passes the Luhn check or is
///   16 digits or longer (some test and girocard numbers fail Luhn), or that mixes digits with `*`/`X` masks,
///   keeps only its last four digits: `5413 3300 8901 0434` →
///   `**** **** **** 0434`, `541333******0434` → `************0434`;
/// - a stand-alone `MM/YY` or `MM/YYYY` becomes `**/**`;
/// - on a line naming an expiry (EXP, VERF, GUELTIG, GÜLTIG, VALID, ABLAUF) every stand-alone group of four
///   digits (`YYMM`) and `MM.YY`/`MM-YY` is masked too.
///
/// ```swift
/// CardDataRedactor.redact("Card 5413330089010434")   // "Card ************0434"
/// CardDataRedactor.redact("EXP 12/28")               // "EXP **/**"
/// ```
///
/// Related spec: PCI DSS 3.3/3.4 (no expiry or full PAN kept after authorisation); reference/card-receipts.md.
public enum CardDataRedactor {
    /// The text with card numbers reduced to their last four digits and expiry dates masked.
    public static func redact(_ text: String) -> String {
        guard text.contains(where: \.isASCIIDigit) else { return text }
        var characters = Array(text)
        maskCardNumbers(&characters)
        maskSlashDates(&characters)
        let lower = text.lowercased()
        if expiryWords.contains(where: lower.contains) { maskExpiryFields(&characters) }
        return String(characters)
    }

    private static let expiryWords = ["exp", "verf", "gueltig", "gültig", "gultig", "valid", "ablauf"]

    /// Finds runs of digits and masks (with single separators between groups) and masks card numbers among them.
    private static func maskCardNumbers(_ characters: inout [Character]) {
        var index = 0
        while index < characters.count {
            guard isCardCharacter(characters[index]),
                  index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isASCIIDigit) else {
                index += 1
                continue
            }
            var positions: [Int] = []  // digits and masks of the run
            var cursor = index
            while cursor < characters.count {
                if isCardCharacter(characters[cursor]) {
                    positions.append(cursor)
                    cursor += 1
                } else if (characters[cursor] == " " || characters[cursor] == "-"), cursor + 1 < characters.count,
                          isCardCharacter(characters[cursor + 1]), positions.count < 19 {
                    cursor += 1
                } else {
                    break
                }
            }
            if isCardNumber(positions.map { characters[$0] }) {
                for position in positions.dropLast(4) { characters[position] = "*" }
            }
            index = max(cursor, index + 1)
        }
    }

    private static func isCardCharacter(_ character: Character) -> Bool {
        character.isASCIIDigit || character == "*" || character == "X"
    }

    /// 12–19 characters: digits passing Luhn (any 16 or more), or digits mixed with masks whose clear digits are more than four.
    private static func isCardNumber(_ run: [Character]) -> Bool {
        guard (12...19).contains(run.count) else { return false }
        let digits = run.filter(\.isASCIIDigit)
        if digits.count == run.count { return digits.count >= 16 || passesLuhn(digits) }
        return digits.count > 4 || !run.suffix(4).allSatisfy(\.isASCIIDigit)
    }

    /// The Luhn (mod 10) check every payment card number passes.
    static func passesLuhn(_ digits: [Character]) -> Bool {
        var sum = 0
        for (offset, character) in digits.reversed().enumerated() {
            var value = Int(character.asciiValue! - 0x30)
            if offset % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return sum % 10 == 0
    }

    /// `MM/YY` and `MM/YYYY` standing alone (not part of a longer date such as 21/11/2026).
    private static func maskSlashDates(_ characters: inout [Character]) {
        for start in characters.indices {
            for yearLength in [4, 2] {
                let end = start + 3 + yearLength
                guard end <= characters.count, characters[start + 2] == "/",
                      standsAlone(characters, start: start, end: end),
                      isMonth(characters[start], characters[start + 1]),
                      characters[(start + 3)..<end].allSatisfy(\.isASCIIDigit) else { continue }
                for position in start..<end where characters[position].isASCIIDigit { characters[position] = "*" }
            }
        }
    }

    /// On an expiry line: stand-alone four-digit groups (YYMM, MMYY) and MM.YY / MM-YY.
    private static func maskExpiryFields(_ characters: inout [Character]) {
        var index = 0
        while index < characters.count {
            guard characters[index].isASCIIDigit else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isASCIIDigit || ".-/".contains(characters[end]) { end += 1 }
            while end > index, !characters[end - 1].isASCIIDigit { end -= 1 }
            let token = characters[index..<end]
            let digitCount = token.filter(\.isASCIIDigit).count
            let alone = index == 0 || !(characters[index - 1].isLetter || characters[index - 1] == "*")
            if alone, digitCount == 4 || (digitCount == 6 && token.count == 7) {
                for position in index..<end where characters[position].isASCIIDigit { characters[position] = "*" }
            }
            index = max(end, index + 1)
        }
    }

    private static func standsAlone(_ characters: [Character], start: Int, end: Int) -> Bool {
        let neighbours: Set<Character> = ["/", ".", ":", "-"]
        if start > 0, characters[start - 1].isASCIIDigit || neighbours.contains(characters[start - 1]) { return false }
        if end < characters.count, characters[end].isASCIIDigit || neighbours.contains(characters[end]) { return false }
        return true
    }

    private static func isMonth(_ tens: Character, _ ones: Character) -> Bool {
        guard tens.isASCIIDigit, ones.isASCIIDigit else { return false }
        let value = Int(tens.asciiValue! - 0x30) * 10 + Int(ones.asciiValue! - 0x30)
        return (1...12).contains(value)
    }
}

extension Character {
    /// `0`–`9` only (not other Unicode digits).
    fileprivate var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }
}
