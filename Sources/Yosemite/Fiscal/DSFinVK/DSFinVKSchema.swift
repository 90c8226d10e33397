import Foundation

/// The DSFinV-K 2.4 tables pos writes: file names, table names and every column the specification's `index.xml`
/// lists for each, in its order, with its type and maximum length. Date-times, dates and the 0/1 flags are
/// AlphaNumeric there (`YYYY-MM-DDThh:mm:ss` fits MaxLength 30, a flag MaxLength 1), as the specification declares
/// them.
enum DSFinVKSchema {
    typealias Column = DSFinVKTable.Column

    private static func text(_ name: String, _ maxLength: Int? = nil) -> Column { Column(name, .text(maxLength: maxLength)) }
    private static func number(_ name: String, _ places: Int = 0) -> Column { Column(name, .number(places: places)) }
    /// A local date-time (`2026-11-20T18:41:04`) or a TSE log time (`2026-11-20T17:41:04.000Z`).
    private static func dateTime(_ name: String) -> Column { text(name, 30) }
    /// A 0/1 flag.
    private static func flag(_ name: String) -> Column { text(name, 1) }

    /// Z_KASSE_ID, Z_ERSTELLUNG, Z_NR: every table starts with the closing's key.
    private static let closingKey: [Column] = [text("Z_KASSE_ID", 50), dateTime("Z_ERSTELLUNG"), number("Z_NR")]
    private static let receiptKey = closingKey + [text("BON_ID", 40)]

    private static func table(_ file: String, _ name: String, _ module: DSFinVKTable.Module, _ columns: [Column])
        -> DSFinVKTable {
        DSFinVKTable(fileName: file, name: name, module: module, columns: columns)
    }

    // MARK: - Einzelaufzeichnung

    static var lines: DSFinVKTable {
        table("lines.csv", "Bonpos", .einzelaufzeichnung, receiptKey + [
            text("POS_ZEILE", 50), text("GUTSCHEIN_NR", 50), text("ARTIKELTEXT", 255), text("POS_TERMINAL_ID", 50),
            text("GV_TYP", 30), text("GV_NAME", 40), flag("INHAUS"), flag("P_STORNO"), number("AGENTUR_ID"),
            text("ART_NR", 50), text("GTIN", 50), text("WARENGR_ID", 40), text("WARENGR", 50), number("MENGE", 3),
            number("FAKTOR", 3), text("EINHEIT", 50), number("STK_BR", 5),
        ])
    }

    static var linesVAT: DSFinVKTable {
        table("lines_vat.csv", "Bonpos_USt", .einzelaufzeichnung, receiptKey + [
            text("POS_ZEILE", 50), number("UST_SCHLUESSEL"), number("POS_BRUTTO", 5), number("POS_NETTO", 5),
            number("POS_UST", 5),
        ])
    }

    static var itemAmounts: DSFinVKTable {
        table("itemamounts.csv", "Bonpos_Preisfindung", .einzelaufzeichnung, receiptKey + [
            text("POS_ZEILE", 50), text("TYP", 20), number("UST_SCHLUESSEL"), number("PF_BRUTTO", 5),
            number("PF_NETTO", 5), number("PF_UST", 5),
        ])
    }

    static var subitems: DSFinVKTable {
        table("subitems.csv", "Bonpos_Zusatzinfo", .einzelaufzeichnung, receiptKey + [
            text("POS_ZEILE", 50), text("ZI_ART_NR", 50), text("ZI_GTIN", 50), text("ZI_NAME", 60),
            text("ZI_WARENGR_ID", 40), text("ZI_WARENGR", 50), number("ZI_MENGE", 3), number("ZI_FAKTOR", 3),
            text("ZI_EINHEIT", 50), number("ZI_UST_SCHLUESSEL"), number("ZI_BASISPREIS_BRUTTO", 5),
            number("ZI_BASISPREIS_NETTO", 5), number("ZI_BASISPREIS_UST", 5),
        ])
    }

    static var transactions: DSFinVKTable {
        table("transactions.csv", "Bonkopf", .einzelaufzeichnung, receiptKey + [
            number("BON_NR"), text("BON_TYP", 30), text("BON_NAME", 60), text("TERMINAL_ID", 50), flag("BON_STORNO"),
            dateTime("BON_START"), dateTime("BON_ENDE"), text("BEDIENER_ID", 50),
            text("BEDIENER_NAME", 50), number("UMS_BRUTTO", 2), text("KUNDE_NAME", 50), text("KUNDE_ID", 50),
            text("KUNDE_TYP", 50), text("KUNDE_STRASSE", 60), text("KUNDE_PLZ", 10), text("KUNDE_ORT", 62),
            text("KUNDE_LAND", 3), text("KUNDE_USTID", 15), text("BON_NOTIZ", 255),
        ])
    }

    static var transactionsVAT: DSFinVKTable {
        table("transactions_vat.csv", "Bonkopf_USt", .einzelaufzeichnung, receiptKey + [
            number("UST_SCHLUESSEL"), number("BON_BRUTTO", 5), number("BON_NETTO", 5), number("BON_UST", 5),
        ])
    }

    static var allocationGroups: DSFinVKTable {
        table("allocation_groups.csv", "Bonkopf_AbrKreis", .einzelaufzeichnung, receiptKey + [text("ABRECHNUNGSKREIS", 50)])
    }

    static var payments: DSFinVKTable {
        table("datapayment.csv", "Bonkopf_Zahlarten", .einzelaufzeichnung, receiptKey + [
            text("ZAHLART_TYP", 25), text("ZAHLART_NAME", 60), text("ZAHLWAEH_CODE", 3), number("ZAHLWAEH_BETRAG", 2),
            number("BASISWAEH_BETRAG", 2),
        ])
    }

    static var references: DSFinVKTable {
        table("references.csv", "Bon_Referenzen", .einzelaufzeichnung, receiptKey + [
            text("POS_ZEILE", 50), text("REF_TYP", 20), text("REF_NAME", 40), dateTime("REF_DATUM"),
            text("REF_Z_KASSE_ID", 50), number("REF_Z_NR"), text("REF_BON_ID", 40),
        ])
    }

    static var transactionsTSE: DSFinVKTable {
        table("transactions_tse.csv", "TSE_Transaktionen", .einzelaufzeichnung, receiptKey + [
            number("TSE_ID"), number("TSE_TANR"), dateTime("TSE_TA_START"), dateTime("TSE_TA_ENDE"),
            text("TSE_TA_VORGANGSART", 30), number("TSE_TA_SIGZ"), text("TSE_TA_SIG", 512), text("TSE_TA_FEHLER", 200),
            text("TSE_VORGANGSDATEN", 1000),
        ])
    }

    // MARK: - Stammdaten

    static var closing: DSFinVKTable {
        table("cashpointclosing.csv", "Stamm_Abschluss", .stammdaten, closingKey + [
            text("Z_BUCHUNGSTAG", 25), text("TAXONOMIE_VERSION", 10), text("Z_START_ID", 40), text("Z_ENDE_ID", 40),
            text("NAME", 60), text("STRASSE", 60), text("PLZ", 10), text("ORT", 62), text("LAND", 3), text("STNR", 20),
            text("USTID", 15), number("Z_SE_ZAHLUNGEN", 2), number("Z_SE_BARZAHLUNGEN", 2),
        ])
    }

    static var location: DSFinVKTable {
        table("location.csv", "Stamm_Orte", .stammdaten, closingKey + [
            text("LOC_NAME", 60), text("LOC_STRASSE", 60), text("LOC_PLZ", 10), text("LOC_ORT", 62),
            text("LOC_LAND", 3), text("LOC_USTID", 15),
        ])
    }

    static var cashRegister: DSFinVKTable {
        table("cashregister.csv", "Stamm_Kassen", .stammdaten, closingKey + [
            text("KASSE_BRAND", 50), text("KASSE_MODELL", 50), text("KASSE_SERIENNR", 70), text("KASSE_SW_BRAND", 50),
            text("KASSE_SW_VERSION", 50), text("KASSE_BASISWAEH_CODE", 3), flag("KEINE_UST_ZUORDNUNG"),
        ])
    }

    static var terminals: DSFinVKTable {
        table("slaves.csv", "Stamm_Terminals", .stammdaten, closingKey + [
            text("TERMINAL_ID", 50), text("TERMINAL_BRAND", 50), text("TERMINAL_MODELL", 50),
            text("TERMINAL_SERIENNR", 70), text("TERMINAL_SW_BRAND", 50), text("TERMINAL_SW_VERSION", 50),
        ])
    }

    static var agencies: DSFinVKTable {
        table("pa.csv", "Stamm_Agenturen", .stammdaten, closingKey + [
            number("AGENTUR_ID"), text("AGENTUR_NAME", 60), text("AGENTUR_STRASSE", 60), text("AGENTUR_PLZ", 10),
            text("AGENTUR_ORT", 62), text("AGENTUR_LAND", 3), text("AGENTUR_STNR", 20), text("AGENTUR_USTID", 15),
        ])
    }

    static var vat: DSFinVKTable {
        table("vat.csv", "Stamm_USt", .stammdaten, closingKey + [
            number("UST_SCHLUESSEL"), number("UST_SATZ", 2), text("UST_BESCHR", 55),
        ])
    }

    /// Stamm_TSE: the specification lists TSE_ZERTIFIKAT_I and _II (1000 characters each); a longer certificate
    /// goes on in further columns (_III, _IV, …) appended at the end, as the specification allows for additional
    /// fields, and index.xml names them.
    static func tse(certificateParts: Int = 2) -> DSFinVKTable {
        table("tse.csv", "Stamm_TSE", .stammdaten, closingKey + [
            number("TSE_ID"), text("TSE_SERIAL", 68), text("TSE_SIG_ALGO", 21), text("TSE_ZEITFORMAT", 31),
            text("TSE_PD_ENCODING", 5), text("TSE_PUBLIC_KEY", 512),
        ] + certificateColumns(max(2, certificateParts)).map { text($0, 1000) })
    }

    /// TSE_ZERTIFIKAT_I, _II, … (Roman numerals).
    static func certificateColumns(_ count: Int) -> [String] {
        (1...max(1, count)).map { "TSE_ZERTIFIKAT_" + roman($0) }
    }

    private static func roman(_ number: Int) -> String {
        let symbols: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = number, text = ""
        for (value, symbol) in symbols {
            while rest >= value { text += symbol; rest -= value }
        }
        return text
    }

    // MARK: - Kassenabschluss

    static var businessCases: DSFinVKTable {
        table("businesscases.csv", "Z_GV_Typ", .kassenabschluss, closingKey + [
            text("GV_TYP", 30), text("GV_NAME", 40), number("AGENTUR_ID"), number("UST_SCHLUESSEL"),
            number("Z_UMS_BRUTTO", 5), number("Z_UMS_NETTO", 5), number("Z_UST", 5),
        ])
    }

    static var paymentTotals: DSFinVKTable {
        table("payment.csv", "Z_Zahlart", .kassenabschluss, closingKey + [
            text("ZAHLART_TYP", 25), text("ZAHLART_NAME", 60), number("Z_ZAHLART_BETRAG", 2),
        ])
    }

    static var cashPerCurrency: DSFinVKTable {
        table("cash_per_currency.csv", "Z_Waehrungen", .kassenabschluss, closingKey + [
            text("ZAHLART_WAEH", 3), number("ZAHLART_BETRAG_WAEH", 2),
        ])
    }
}
