import FuzzSupport

/// Builds hostile text from fuzzer bytes: very long runs, control characters, right-to-left text, emoji,
/// combining marks, wide characters, markup and template syntax, and raw (repaired) UTF-8.
enum HostileText {
    static let fragments: [String] = [
        "Espresso", "@cut", "@@", "@drawer 2", "@row A|B", "|", "{{name}}", "{{{x}}}", "\r\n", "\n", "\r", "\t",
        "\u{0}", "\u{1B}@", "\u{1D}V\u{0}", "\u{10}\u{14}", "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}", "\u{200F}",
        "\u{2067}", "שלום עולם", "مرحبا", "👩‍👩‍👧‍👦", "🇩🇪", "🏳️‍🌈", "e\u{301}\u{301}\u{301}", "咖啡豆", "ｶﾌｪ", "\u{FEFF}",
        "\u{200B}", "\u{AD}", "Ⅻ", "€", "ß", " ", "   ", "-", "=",
    ]

    /// Long runs left in the current input: one (``startInput()`` sets it). About twenty strings are built per input,
    /// each of up to 16 pieces, so a long run per piece came several times in most inputs and took more than half
    /// the target's time (305 executions a second on the seeds, 670 without long runs); one per input keeps the
    /// case in every mutation's reach.
    nonisolated(unsafe) private static var longRunsLeft = 1

    /// Call at the start of each input.
    static func startInput() {
        longRunsLeft = 1
    }

    /// One hostile string: up to 16 pieces, each a fragment repeated or a raw byte chunk.
    ///
    /// A repeat byte below `F0` repeats 1–4 times; `F0`–`FF` 8–128 times (a name of up to ~1,200 characters, 40
    /// lines at 32 columns, and a single word of up to 1,024), once per input, later ones 1–4 times. Longer names
    /// take no other path through the layout, only longer: at 50–800 repeats the 6 % of inputs with a long run took
    /// 70 % of the target's time (49 ms an execution against 1.3 ms). Fuzz/regress/FuzzReceipt/ holds a receipt with
    /// names of 3,200 repeats, run before every fuzzing run.
    static func make(_ input: inout FuzzInput) -> String {
        var text = ""
        let pieces = Int(input.byte() % 17)
        for _ in 0..<pieces {
            let selector = input.byte()
            if selector < 200 {
                let fragment = fragments[Int(selector) % fragments.count]
                let repeatByte = input.byte()
                let isLong = repeatByte >= 0xF0 && (longRunsLeft > 0 || HostileOrder.manyLinesEnabled)
                if isLong { longRunsLeft -= 1 }
                let times = isLong ? Int(repeatByte - 0xEF) * (HostileOrder.manyLinesEnabled ? 200 : 8) : Int(repeatByte % 4) + 1
                text += String(repeating: fragment, count: times)
            } else {
                text += input.string()
            }
        }
        return text
    }

    /// An amount in minor units, within ±10^12 (ten billion in a two-decimal currency).
    static func amount(_ input: inout FuzzInput) -> Int64 {
        var value: Int64 = 0
        for _ in 0..<5 { value = value << 8 | Int64(input.byte()) }
        let magnitude = value % 1_000_000_000_000
        return input.bool() ? -magnitude : magnitude
    }
}
