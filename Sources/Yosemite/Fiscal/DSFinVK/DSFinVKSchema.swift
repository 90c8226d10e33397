import Foundation

/// The DSFinV-K 2.4 tables pos writes: file names, table names and columns in the specification's order.
enum DSFinVKSchema {
    typealias Column = DSFinVKTable.Column

    private static func text(_ name: String, _ maxLength: Int? = nil) -> Column { Column(name, .text(maxLength: maxLength)) }
    private static func number(_ name: String, _ places: Int = 0) -> Column { Column(name, .number(places: places)) }

    /// Z_KASSE_ID, Z_ERSTELLUNG, Z_NR: every table starts with the closing's key.
    private static let closingKey: [Column] = [text("Z_KASSE_ID", 50), Column("Z_ERSTELLUNG", .localDateTime), number("Z_NR")]
    private static let receiptKey = closingKey + [text("BON_ID", 40)]

    private static func table(_ file: String, _ name: String, _ module: DSFinVKTable.Module, _ columns: [Column])
        -> DSFinVKTable {
        DSFinVKTable(fileName: file, name: name, module: module, columns: columns)
    }

    // MARK: - Einzelaufzeichnung

    static var lines: DSFinVKTable {
        table("lines.csv", "Bonpos", .einzelaufzeichnung, receiptKey + [
            text("POS_ZEILE", 50), text("GUTSCHEIN_NR", 50), text("ARTIKELTEXT", 255), text("POS_TERMINAL_ID", 50),
            text("GV_TYP", 30), text("GV_NAME", 40), number("INHAUS"), number("P_STORNO"), number("AGENTUR_ID"),
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
            text("POS_ZEILE", 50), text("ZI_ART_NR", 50), text("ZI_GTIN", 50), text("ZI_NAME", 50),
            text("ZI_WARENGR_ID", 40), text("ZI_WARENGR", 50), number("ZI_MENGE", 3), number("ZI_FAKTOR", 3),
            text("ZI_EINHEIT", 50), number("ZI_UST_SCHLUESSEL"), number("ZI_BASISPREIS_BRUTTO", 5),
            number("ZI_BASISPREIS_NETTO", 5), number("ZI_BASISPREIS_UST", 5),
        ])
    }

    static var transactions: DSFinVKTable {
        table("transactions.csv", "Bonkopf", .einzelaufzeichnung, receiptKey + [
            number("BON_NR"), text("BON_TYP", 30), text("BON_NAME", 60), text("TERMINAL_ID", 50), number("BON_STORNO"),
            Column("BON_START", .localDateTime), Column("BON_ENDE", .localDateTime), text("BEDIENER_ID", 50),
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
            text("POS_ZEILE", 50), text("REF_TYP", 20), text("REF_NAME", 40), Column("REF_DATUM", .localDateTime),
            text("REF_Z_KASSE_ID", 50), number("REF_Z_NR"), text("REF_BON_ID", 40),
        ])
    }

    static var transactionsTSE: DSFinVKTable {
        table("transactions_tse.csv", "TSE_Transaktionen", .einzelaufzeichnung, receiptKey + [
            number("TSE_ID"), number("TSE_TANR"), text("TSE_TA_START"), text("TSE_TA_ENDE"),
            text("TSE_TA_VORGANGSART", 30), number("TSE_TA_SIGZ"), text("TSE_TA_SIG", 512), text("TSE_TA_FEHLER", 200),
            text("TSE_VORGANGSDATEN"),
        ])
    }

    // MARK: - Stammdaten

    static var closing: DSFinVKTable {
        table("cashpointclosing.csv", "Stamm_Abschluss", .stammdaten, closingKey + [
            text("Z_BUCHUNGSTAG"), text("TAXONOMIE_VERSION", 10), text("Z_START_ID", 40), text("Z_ENDE_ID", 40),
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
            text("KASSE_SW_VERSION", 50), text("KASSE_BASISWAEH_CODE", 3), number("KEINE_UST_ZUORDNUNG"),
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

    static var tse: DSFinVKTable {
        table("tse.csv", "Stamm_TSE", .stammdaten, closingKey + [
            number("TSE_ID"), text("TSE_SERIAL", 68), text("TSE_SIG_ALGO", 30), text("TSE_ZEITFORMAT"),
            text("TSE_PD_ENCODING", 5), text("TSE_PUBLIC_KEY", 512),
        ] + ["I", "II", "III", "IV", "V", "VI", "VII"].map { text("TSE_ZERTIFIKAT_\($0)", 1000) })
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
