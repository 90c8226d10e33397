import Foundation

/// One DSFinV-K file: its name, module, columns (in the specification's order) and rows of formatted values.
public struct DSFinVKTable: Sendable, Hashable {
    /// The three modules of DSFinV-K 2.4.
    public enum Module: String, Sendable, Hashable {
        case einzelaufzeichnung = "Einzelaufzeichnungsmodul"
        case stammdaten = "Stammdatenmodul"
        case kassenabschluss = "Kassenabschlussmodul"
    }

    /// A column and how index.xml declares it.
    public struct Column: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// AlphaNumeric, with a maximum length when the specification gives one.
            case text(maxLength: Int?)
            /// Numeric with this many decimal places.
            case number(places: Int)
        }

        public var name: String
        public var kind: Kind

        public init(_ name: String, _ kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// The file name, e.g. `transactions.csv`.
    public var fileName: String
    /// The table's name in the specification, e.g. `Bonkopf`.
    public var name: String
    public var module: Module
    public var columns: [Column]
    public var rows: [[String]]

    public init(fileName: String, name: String, module: Module, columns: [Column], rows: [[String]] = []) {
        self.fileName = fileName
        self.name = name
        self.module = module
        self.columns = columns
        self.rows = rows
    }

    /// Appends a row given by column name; columns left out stay empty.
    public mutating func append(_ values: [String: String]) {
        var found = 0
        let row = columns.map { column in
            guard let value = values[column.name] else { return "" }
            found += 1
            return value
        }
        // Column names are unique: a value not placed names a column the table does not have.
        precondition(found == values.count, "unknown column in \(values.keys) for \(fileName)")
        rows.append(row)
    }

    /// The CSV text: a header line, then the rows; `;` between fields, CR LF after each record, fields holding
    /// `;`, `"`, CR or LF enclosed in `"` with inner `"` doubled.
    public var csv: String {
        var text = ""
        func append(_ record: [String]) {
            for (index, field) in record.enumerated() {
                if index > 0 { text += ";" }
                text += Self.escape(field)
            }
            text += "\r\n"
        }
        append(columns.map(\.name))
        rows.forEach(append)
        return text
    }

    /// Looks at Unicode scalars, not Characters: a `;` or `"` followed by a combining mark (`;\u{301}`) is one
    /// Character that equals neither, yet a CSV reader sees the `;` or `"` in it (FuzzDSFinVK reads the files back).
    static func escape(_ field: String) -> String {
        let special: (Unicode.Scalar) -> Bool = { $0 == ";" || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard field.unicodeScalars.contains(where: special) else { return field }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted.append("\"") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}

/// How DSFinV-K writes values: numbers with a decimal comma and no digit grouping, local date-times without a zone,
/// TSE log times in UTC with milliseconds, booleans as 0/1.
///
/// index.xml declares `.` as the DigitGroupingSymbol (so a reader knows what a `.` in a number would mean), but pos
/// groups no digits: `1299,00`, `1000`. A grouped `1.299,00` reads the same to a GDPdU reader, but checkers that
/// take each amount as `-?digits(,digits)` (the rulestamp DSFinV-K lint, so also auditors' scripts of that kind)
/// refuse it, and an integer column (BON_NR, Z_NR) grouped as `1.000` looks like a decimal.
public enum DSFinVKFormat {
    /// `1234,50` for 1234.5 with 2 places; half-up rounding; `-` for negatives; no digit grouping.
    public static func number(_ value: Decimal, places: Int) -> String {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, places, .plain)
        let negative = rounded < 0
        let magnitude = negative ? -rounded : rounded
        // Scaled to an integer of "places" decimals: exact for the amounts and quantities a till handles.
        var scaled = magnitude
        for _ in 0..<places { scaled *= 10 }
        let digits = NSDecimalNumber(decimal: scaled).stringValue
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let integerPart = String(padded.dropLast(places))
        let fraction = String(padded.suffix(places))
        let text = integerPart + (places > 0 ? "," + fraction : "")
        return negative ? "-" + text : text
    }

    /// An integer, no grouping.
    public static func integer(_ value: Int) -> String {
        String(value)
    }

    /// An amount of `minorUnits` in a currency of `exponent` decimals, at `places` decimals: the same text as
    /// ``number(_:places:)`` of its decimal value, computed on integers (an export writes thousands of amounts, and
    /// the Decimal path costs most of a table's time). `nil` when the scaled value does not fit in 64 bits.
    public static func amount(minorUnits: Int64, exponent: Int, places: Int) -> String? {
        var scaled = minorUnits.magnitude
        if places >= exponent {
            for _ in 0..<(places - exponent) {
                let (product, overflow) = scaled.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                scaled = product
            }
        } else {
            // Half away from zero, as NSDecimalRound's .plain.
            var divisor: UInt64 = 1
            for _ in 0..<(exponent - places) { divisor *= 10 }
            let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: divisor)
            scaled = quotient + (remainder >= divisor - remainder ? 1 : 0)
        }
        let digits = String(scaled)
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let text = places > 0 ? "\(padded.dropLast(places)),\(padded.suffix(places))" : padded
        return minorUnits < 0 && scaled != 0 ? "-" + text : text
    }

    /// 0 or 1.
    public static func boolean(_ value: Bool) -> String { value ? "1" : "0" }

    /// `2026-11-20` in `timeZone` (Z_BUCHUNGSTAG).
    public static func localDate(_ date: Date, in timeZone: TimeZone) -> String {
        String(localDateTime(date, in: timeZone).prefix(10))
    }

    /// `2026-11-20T18:41:04` in `timeZone`.
    public static func localDateTime(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return "\(padded(c.year, 4))-\(padded(c.month, 2))-\(padded(c.day, 2))T\(padded(c.hour, 2)):\(padded(c.minute, 2)):"
            + padded(c.second, 2)
    }

    /// `value` in decimal digits, zero-padded to `width` (as `%0*d` prints it; `String(format:)` parses its format
    /// for every call).
    static func padded(_ value: Int?, _ width: Int) -> String {
        let value = value ?? 0
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
        return (value < 0 ? "-" : "") + zeros + digits
    }

    /// `2026-11-20T17:41:04.000Z` (the TSE's log times).
    public static func utcTime(_ date: Date) -> String {
        FiscalQRCode.isoTime(date)
    }
}
