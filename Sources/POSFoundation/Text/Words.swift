/// Small wording helpers shared by the counter and the command line, so both say things the same way.
public enum Words {
    /// "1 item", "2 items", "0 items": the count with the noun in singular or plural (regular English plurals).
    public static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    /// A tax rate as a person writes it: "19.0000" → "19", "7.5000" → "7.5"; text that is not a number is kept.
    public static func percent(_ rate: String) -> String {
        let number = String(rate.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }),
              number.filter({ $0 == "." }).count <= 1 else { return rate }
        guard number.contains(".") else { return number }
        var text = number
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "0" : text
    }
}
