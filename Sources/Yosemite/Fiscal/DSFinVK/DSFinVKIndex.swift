import Foundation

/// The `index.xml` of a DSFinV-K export: a GDPdU description (DTD `gdpdu-01-08-2002.dtd`) of each CSV file:
/// UTF-8, decimal comma, `.` declared as the grouping symbol (pos groups no digits), data from line 2 (line 1 is the
/// header), `;` between columns, CR LF between records, `"` around text that needs it, and each column's type.
public struct DSFinVKIndex: Sendable, Hashable {
    public static let fileName = "index.xml"
    /// The DTD the file names; ``DSFinVKWriter`` writes it beside `index.xml` (``dtdText``).
    public static let dtd = "gdpdu-01-08-2002.dtd"

    /// The GDPdU description standard's DTD, version 1.1 of 1 August 2002: its element declarations as published
    /// (the original's explanatory comments left out). An auditor's reader (IDEA) and `xmllint --dtdvalid` check
    /// `index.xml` against it.
    public static let dtdText = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- GDPdU description standard (Beschreibungsstandard), version 1.1 of 01.08.2002: element declarations. -->
    <!ELEMENT DataSet (Version, DataSupplier?, Command*, Media+, Command*)>
    <!ELEMENT Version (#PCDATA)>
    <!ELEMENT DataSupplier (Name, Location, Comment)>
    <!ELEMENT Location (#PCDATA)>
    <!ELEMENT Comment (#PCDATA)>
    <!ELEMENT Media (Name, Command*, Table+, Command*)>
    <!ELEMENT Command (#PCDATA)>
    <!ELEMENT Table (URL, Name?, Description?, Validity?, (ANSI | Macintosh | OEM | UTF16 | UTF7 | UTF8)?, \
    (DecimalSymbol, DigitGroupingSymbol)?, SkipNumBytes?, Range?, Epoch?, (VariableLength | FixedLength))>
    <!ELEMENT URL (#PCDATA)>
    <!ELEMENT Name (#PCDATA)>
    <!ELEMENT Description (#PCDATA)>
    <!ELEMENT Validity (Range, Format?)>
    <!ELEMENT Range (From, (To | Length)?)>
    <!ELEMENT From (#PCDATA)>
    <!ELEMENT To (#PCDATA)>
    <!ELEMENT Length (#PCDATA)>
    <!ELEMENT Format (#PCDATA)>
    <!ELEMENT ANSI EMPTY>
    <!ELEMENT Macintosh EMPTY>
    <!ELEMENT OEM EMPTY>
    <!ELEMENT UTF16 EMPTY>
    <!ELEMENT UTF7 EMPTY>
    <!ELEMENT UTF8 EMPTY>
    <!ELEMENT DecimalSymbol (#PCDATA)>
    <!ELEMENT DigitGroupingSymbol (#PCDATA)>
    <!ELEMENT SkipNumBytes (#PCDATA)>
    <!ELEMENT Epoch (#PCDATA)>
    <!ELEMENT VariableLength (ColumnDelimiter?, RecordDelimiter?, TextEncapsulator?, \
    ((VariablePrimaryKey+, VariableColumn*) | (VariableColumn+)), ForeignKey*)>
    <!ELEMENT ColumnDelimiter (#PCDATA)>
    <!ELEMENT RecordDelimiter (#PCDATA)>
    <!ELEMENT TextEncapsulator (#PCDATA)>
    <!ELEMENT VariablePrimaryKey (Name, Description?, (Numeric | (AlphaNumeric, MaxLength?) | Date), Map*)>
    <!ELEMENT VariableColumn (Name, Description?, (Numeric | (AlphaNumeric, MaxLength?) | Date), Map*)>
    <!ELEMENT FixedLength ((Length | RecordDelimiter)?, ((FixedPrimaryKey+, FixedColumn*) | (FixedColumn+)), ForeignKey*)>
    <!ELEMENT FixedPrimaryKey (Name, Description?, (Numeric | AlphaNumeric | Date), Map*, FixedRange)>
    <!ELEMENT FixedColumn (Name, Description?, (Numeric | AlphaNumeric | Date), Map*, FixedRange)>
    <!ELEMENT FixedRange (From, (To | Length))>
    <!ELEMENT Numeric ((ImpliedAccuracy | Accuracy)?)>
    <!ELEMENT ImpliedAccuracy (#PCDATA)>
    <!ELEMENT Accuracy (#PCDATA)>
    <!ELEMENT AlphaNumeric EMPTY>
    <!ELEMENT MaxLength (#PCDATA)>
    <!ELEMENT Date (Format?)>
    <!ELEMENT Map (Description?, From, To)>
    <!ELEMENT ForeignKey (Name+, References)>
    <!ELEMENT References (#PCDATA)>

    """

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
