import Foundation

/// The `index.xml` of a DSFinV-K export: a GDPdU description (DTD `gdpdu-01-08-2002.dtd`) of each CSV file:
/// UTF-8, decimal comma, `.` grouping, data from line 2 (line 1 is the header), `;` between columns, CR LF between
/// records, `"` around text that needs it, and each column's type.
public struct DSFinVKIndex: Sendable, Hashable {
    public static let fileName = "index.xml"
    /// The DTD the file names.
    public static let dtd = "gdpdu-01-08-2002.dtd"

    public var tables: [DSFinVKTable]
    public var cashRegisterID: String
    public var softwareName: String

    public init(tables: [DSFinVKTable], cashRegisterID: String, softwareName: String) {
        self.tables = tables
        self.cashRegisterID = cashRegisterID
        self.softwareName = softwareName
    }

    public var xml: String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE DataSet SYSTEM "\(Self.dtd)">
        <DataSet>
          <Version>1.0</Version>
          <DataSupplier>
            <Name>\(Self.escape(softwareName))</Name>
            <Location>\(Self.escape(cashRegisterID))</Location>
            <Comment>DSFinV-K 2.4</Comment>
          </DataSupplier>

        """
        for module in [DSFinVKTable.Module.einzelaufzeichnung, .stammdaten, .kassenabschluss] {
            out += "  <Media>\n    <Name>\(module.rawValue)</Name>\n"
            for table in tables where table.module == module { out += tableXML(table) }
            out += "  </Media>\n"
        }
        return out + "</DataSet>\n"
    }

    private func tableXML(_ table: DSFinVKTable) -> String {
        var out = """
            <Table>
              <URL>\(table.fileName)</URL>
              <Name>\(table.name)</Name>
              <Description>\(table.name)</Description>
              <UTF8/>
              <DecimalSymbol>,</DecimalSymbol>
              <DigitGroupingSymbol>.</DigitGroupingSymbol>
              <Range>
                <From>2</From>
              </Range>
              <VariableLength>
                <ColumnDelimiter>;</ColumnDelimiter>
                <RecordDelimiter>&#13;&#10;</RecordDelimiter>
                <TextEncapsulator>"</TextEncapsulator>

        """
        for column in table.columns {
            out += "        <VariableColumn>\n          <Name>\(column.name)</Name>\n"
            switch column.kind {
            case let .text(maxLength):
                out += "          <AlphaNumeric/>\n"
                if let maxLength { out += "          <MaxLength>\(maxLength)</MaxLength>\n" }
            case let .number(places):
                out += places > 0
                    ? "          <Numeric>\n            <Accuracy>\(places)</Accuracy>\n          </Numeric>\n"
                    : "          <Numeric/>\n"
            case .localDateTime:
                out += "          <Date>\n            <Format>YYYY-MM-DD\"T\"hh:mm:ss</Format>\n          </Date>\n"
            }
            out += "        </VariableColumn>\n"
        }
        return out + "        </VariableLength>\n      </Table>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
