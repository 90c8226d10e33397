import Foundation
import FuzzSupport
import POSFoundation
import Yosemite

/// Reads the writer's CSV back strictly and checks it against the tables and the export.
enum DSFinVKFuzzChecks {
    /// The records of CSV text, or `nil` when it is not strictly well-formed: `;` between fields, CR LF after every
    /// record (the last too), a quoted field starts and ends with `"` and doubles its inner quotes, an unquoted
    /// field holds no `"`, CR or LF. Reads UTF-8 bytes: the separators and quotes are ASCII, and no other scalar's
    /// UTF-8 holds an ASCII byte, so a field read byte for byte is the field a CSV reader reads scalar for scalar
    /// (and four times faster than walking a String's scalars, the bulk of this target's time before).
    static func read(_ text: String) -> [[[UInt8]]]? {
        let quote = UInt8(ascii: "\""), semicolon = UInt8(ascii: ";"), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let bytes = Array(text.utf8)
        var records: [[[UInt8]]] = []
        var record: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            var field: [UInt8] = []
            if bytes[index] == quote {
                index += 1
                while true {
                    guard index < bytes.count else { return nil }  // an unterminated quoted field
                    let byte = bytes[index]
                    index += 1
                    if byte != quote {
                        field.append(byte)
                    } else if index < bytes.count, bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        break
                    }
                }
            } else {
                let start = index
                while index < bytes.count, bytes[index] != semicolon, bytes[index] != cr {
                    guard bytes[index] != quote, bytes[index] != lf else { return nil }
                    index += 1
                }
                field = Array(bytes[start..<index])
            }
            record.append(field)
            guard index < bytes.count else { return nil }  // no CR LF after the last record
            let separator = bytes[index]
            index += 1
            if separator == semicolon { continue }
            // A quote closed inside a field, or CR without LF.
            guard separator == cr, index < bytes.count, bytes[index] == lf else { return nil }
            index += 1
            records.append(record)
            record = []
        }
        return record.isEmpty ? records : nil
    }

    static func same(_ a: [UInt8], _ b: String) -> Bool {
        var b = b
        return b.withUTF8 { b in
            a.withUnsafeBufferPointer { a in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
        }
    }

    /// `-?digits`, and a comma with exactly `places` digits when places > 0.
    static func isNumber(_ text: String, places: Int) -> Bool {
        var body = text.utf8[...]
        if body.first == UInt8(ascii: "-") { body = body.dropFirst() }
        let parts = body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        let digits: (Substring.UTF8View) -> Bool = { !$0.isEmpty && $0.allSatisfy { (0x30...0x39).contains($0) } }
        if places == 0 { return parts.count == 1 && digits(parts[0]) }
        return parts.count == 2 && digits(parts[0]) && parts[1].count == places && digits(parts[1])
    }

    /// The minor units a 2- or 5-place amount stands for (exact when the currency has 2 decimals).
    static func minorUnits(_ text: String, places: Int) -> Int64? {
        let negative = text.hasPrefix("-")
        let digits = text.filter { $0 != "-" && $0 != "," }
        guard let value = Int64(digits) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<(places - 2) { scale *= 10 }
        guard value % scale == 0 else { return nil }
        return (negative ? -1 : 1) * value / scale
    }

    static func check(_ export: DSFinVKExport, tables: [DSFinVKTable]) {
        for table in tables {
            guard let records = read(table.csv) else {
                fuzzCheck(false, "\(table.fileName) is not strictly well-formed CSV")
                return
            }
            let expected = [table.columns.map(\.name)] + table.rows
            fuzzCheck(records.count == expected.count, "\(table.fileName) reads back \(records.count) records for \(expected.count)")
            for (record, row) in zip(records, expected) {
                fuzzCheck(record.count == row.count && zip(record, row).allSatisfy(same),
                          "a record of \(table.fileName) reads back other than written")
            }
            for (index, column) in table.columns.enumerated() {
                guard case .number(let places) = column.kind else { continue }
                for row in table.rows where !row[index].isEmpty {
                    fuzzCheck(isNumber(row[index], places: places), "\(table.fileName) \(column.name) is not a number of \(places) places")
                }
            }
        }
        let receipts = export.closings.flatMap(\.receipts)
        let lines = receipts.flatMap(\.lines)
        if let bonpos = tables.first(where: { $0.fileName == "lines.csv" }) {
            let text = bonpos.columns.firstIndex { $0.name == "ARTIKELTEXT" }!
            let price = bonpos.columns.firstIndex { $0.name == "STK_BR" }!
            fuzzCheck(bonpos.rows.count == lines.count, "lines.csv has \(bonpos.rows.count) rows for \(lines.count) lines")
            for (row, line) in zip(bonpos.rows, lines) {
                fuzzCheck(row[text].unicodeScalars.elementsEqual(line.text.unicodeScalars), "a line's text changed on its way to lines.csv")
                fuzzCheck(minorUnits(row[price], places: 5) == line.unitPriceGross.minorUnits, "a line's unit price changed in lines.csv")
            }
        } else {
            fuzzCheck(false, "no lines.csv")
        }
        if let bonkopf = tables.first(where: { $0.fileName == "transactions.csv" }) {
            let id = bonkopf.columns.firstIndex { $0.name == "BON_ID" }!
            let total = bonkopf.columns.firstIndex { $0.name == "UMS_BRUTTO" }!
            fuzzCheck(bonkopf.rows.count == receipts.count, "transactions.csv has \(bonkopf.rows.count) rows for \(receipts.count) receipts")
            for (row, receipt) in zip(bonkopf.rows, receipts) {
                fuzzCheck(row[id].unicodeScalars.elementsEqual(receipt.id.unicodeScalars), "a receipt's id changed in transactions.csv")
                let revenue = receipt.countsAsRevenue ? receipt.lines.reduce(Int64(0)) { $0 + $1.gross.minorUnits } : 0
                fuzzCheck(minorUnits(row[total], places: 2) == revenue, "a receipt's revenue changed in transactions.csv")
            }
        } else {
            fuzzCheck(false, "no transactions.csv")
        }
    }
}
