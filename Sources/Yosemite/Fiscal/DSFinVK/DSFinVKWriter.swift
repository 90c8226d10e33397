import Foundation
import POSFoundation
import Storage

/// Writes a DSFinV-K 2.4 export: the CSV files of the Einzelaufzeichnung, Stammdaten and Kassenabschluss modules,
/// and the `index.xml` (GDPdU) describing them.
///
/// Every table is written, header-only when it has no rows. Rows follow the closings, receipts and lines in the
/// order given; the Kassenabschluss totals are sorted by their keys. How pos reads the rules where the
/// specification leaves a choice (abandoned receipts, cash per currency) is in docs/fiscal.md.
public struct DSFinVKWriter: Sendable {
    /// The DFKA taxonomy version written in TAXONOMIE_VERSION: the DSFinV-K version these tables follow.
    public static let taxonomyVersion = "2.4"

    public init() {}

    /// The tables for `export`, in index.xml order.
    public func tables(for export: DSFinVKExport) -> [DSFinVKTable] {
        var builder = DSFinVKTableBuilder(export: export)
        for closing in export.closings { builder.add(closing) }
        return builder.tables
    }

    /// Writes every table, `index.xml` and the DTD it names into `directory` (created when missing); returns the
    /// file names.
    @discardableResult
    public func write(_ export: DSFinVKExport, to directory: URL, files: FileStorage = FileStorage()) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tables = tables(for: export)
        for table in tables {
            try files.write(Data(table.csv.utf8), to: directory.appendingPathComponent(table.fileName), permissions: 0o644)
        }
        let index = DSFinVKIndex(tables: tables, cashRegisterID: export.cashRegister.id, softwareName: export.cashRegister.softwareBrand)
        try files.write(Data(index.xml.utf8), to: directory.appendingPathComponent(DSFinVKIndex.fileName), permissions: 0o644)
        try files.write(Data(DSFinVKIndex.dtdText.utf8), to: directory.appendingPathComponent(DSFinVKIndex.dtd), permissions: 0o644)
        return tables.map(\.fileName) + [DSFinVKIndex.fileName, DSFinVKIndex.dtd]
    }
}

/// Fills the tables closing by closing.
struct DSFinVKTableBuilder {
    let export: DSFinVKExport
    var lines = DSFinVKSchema.lines
    var linesVAT = DSFinVKSchema.linesVAT
    var itemAmounts = DSFinVKSchema.itemAmounts
    var subitems = DSFinVKSchema.subitems
    var transactions = DSFinVKSchema.transactions
    var transactionsVAT = DSFinVKSchema.transactionsVAT
    var allocationGroups = DSFinVKSchema.allocationGroups
    var payments = DSFinVKSchema.payments
    var references = DSFinVKSchema.references
    var transactionsTSE = DSFinVKSchema.transactionsTSE
    var closings = DSFinVKSchema.closing
    var location = DSFinVKSchema.location
    var cashRegister = DSFinVKSchema.cashRegister
    var terminals = DSFinVKSchema.terminals
    var agencies = DSFinVKSchema.agencies
    var vat = DSFinVKSchema.vat
    var tse: DSFinVKTable
    var businessCases = DSFinVKSchema.businessCases
    var paymentTotals = DSFinVKSchema.paymentTotals
    var cashPerCurrency = DSFinVKSchema.cashPerCurrency

    init(export: DSFinVKExport) {
        self.export = export
        tse = DSFinVKSchema.tse(certificateParts: Self.certificateParts(export.tse.certificate))
    }

    /// The certificate in parts of 1000 characters (TSE_ZERTIFIKAT_I, _II, …).
    static func certificateParts(_ certificate: String) -> Int {
        (certificate.count + 999) / 1000
    }

    var tables: [DSFinVKTable] {
        [
            lines, linesVAT, itemAmounts, subitems, transactions, transactionsVAT, allocationGroups, payments,
            references, transactionsTSE, closings, location, cashRegister, terminals, agencies, vat, tse,
            businessCases, paymentTotals, cashPerCurrency,
        ]
    }

    private var base: Currency { export.cashRegister.baseCurrency }

    mutating func add(_ closing: DSFinVKExport.Closing) {
        let key = [
            "Z_KASSE_ID": export.cashRegister.id,
            "Z_ERSTELLUNG": DSFinVKFormat.localDateTime(closing.createdAt, in: closing.timeZone),
            "Z_NR": DSFinVKFormat.integer(closing.number),
        ]
        for receipt in closing.receipts { addReceipt(receipt, key: key, timeZone: closing.timeZone) }
        addMasterData(closing, key: key)
        addTotals(closing, key: key)
    }

    // MARK: - Einzelaufzeichnung

    private mutating func addReceipt(_ receipt: DSFinVKExport.Receipt, key: [String: String], timeZone: TimeZone) {
        let bon = key.merging(["BON_ID": receipt.id]) { $1 }
        for line in receipt.lines {
            lines.append(bon.merging([
                "POS_ZEILE": line.lineNumber, "ARTIKELTEXT": line.text, "GV_TYP": line.businessCase,
                "INHAUS": DSFinVKFormat.boolean(false), "P_STORNO": DSFinVKFormat.boolean(!receipt.countsAsRevenue),
                "AGENTUR_ID": DSFinVKFormat.integer(0), "ART_NR": line.articleNumber, "GTIN": line.gtin,
                "MENGE": DSFinVKFormat.number(line.quantity, places: 3), "EINHEIT": line.unit,
                "STK_BR": amount(line.unitPriceGross, places: 5),
            ]) { $1 })
            linesVAT.append(bon.merging([
                "POS_ZEILE": line.lineNumber, "UST_SCHLUESSEL": DSFinVKFormat.integer(line.vatRate.dsfinvkKey),
                "POS_BRUTTO": amount(line.gross, places: 5), "POS_NETTO": amount(line.net, places: 5),
                "POS_UST": amount(line.vat, places: 5),
            ]) { $1 })
            // A discounted line's price finding (Bonpos_Preisfindung): the price before the discount
            // (`base_amount`) and the discount itself (`discount`, negative); the two add up to POS_BRUTTO/NETTO/UST.
            if let discount = line.discount {
                let rate = DSFinVKFormat.integer(line.vatRate.dsfinvkKey)
                itemAmounts.append(bon.merging([
                    "POS_ZEILE": line.lineNumber, "TYP": "base_amount", "UST_SCHLUESSEL": rate,
                    "PF_BRUTTO": amount(line.gross + discount.gross, places: 5),
                    "PF_NETTO": amount(line.net + discount.net, places: 5),
                    "PF_UST": amount(line.vat + discount.vat, places: 5),
                ]) { $1 })
                itemAmounts.append(bon.merging([
                    "POS_ZEILE": line.lineNumber, "TYP": "discount", "UST_SCHLUESSEL": rate,
                    "PF_BRUTTO": amount(-discount.gross, places: 5),
                    "PF_NETTO": amount(-discount.net, places: 5),
                    "PF_UST": amount(-discount.vat, places: 5),
                ]) { $1 })
            }
        }
        let revenue = receipt.countsAsRevenue ? receipt.lines : []
        let total = Money.sum(revenue.map(\.gross), zero: .zero(base))
        transactions.append(bon.merging([
            "BON_NR": DSFinVKFormat.integer(receipt.number), "BON_TYP": receipt.type.rawValue,
            "BON_STORNO": DSFinVKFormat.boolean(receipt.isCancellation),
            "BON_START": DSFinVKFormat.localDateTime(receipt.start, in: timeZone),
            "BON_ENDE": DSFinVKFormat.localDateTime(receipt.end, in: timeZone),
            "BEDIENER_ID": receipt.operatorID, "BEDIENER_NAME": receipt.operatorName,
            "UMS_BRUTTO": amount(total, places: 2), "BON_NOTIZ": receipt.note,
        ]) { $1 })
        for rate in FiscalVATRate.allCases {
            let rateLines = revenue.filter { $0.vatRate == rate }
            guard !rateLines.isEmpty else { continue }
            transactionsVAT.append(bon.merging([
                "UST_SCHLUESSEL": DSFinVKFormat.integer(rate.dsfinvkKey),
                "BON_BRUTTO": amount(sum(rateLines.map(\.gross)), places: 5),
                "BON_NETTO": amount(sum(rateLines.map(\.net)), places: 5),
                "BON_UST": amount(sum(rateLines.map(\.vat)), places: 5),
            ]) { $1 })
        }
        for payment in receipt.payments {
            var values = bon.merging([
                "ZAHLART_TYP": payment.type, "ZAHLART_NAME": payment.name,
                "BASISWAEH_BETRAG": amount(payment.amount, places: 2),
            ]) { $1 }
            if let foreign = payment.foreignAmount {
                values["ZAHLWAEH_CODE"] = foreign.currency.code
                values["ZAHLWAEH_BETRAG"] = amount(foreign, places: 2)
            }
            payments.append(values)
        }
        var tseRow = bon.merging(["TSE_ID": DSFinVKFormat.integer(export.tse.id), "TSE_TA_FEHLER": receipt.tseError]) { $1 }
        if let signature = receipt.signature {
            tseRow.merge([
                "TSE_TANR": DSFinVKFormat.integer(signature.transactionNumber),
                "TSE_TA_START": DSFinVKFormat.utcTime(signature.startTime),
                "TSE_TA_ENDE": DSFinVKFormat.utcTime(signature.endTime),
                "TSE_TA_VORGANGSART": signature.processType,
                "TSE_TA_SIGZ": DSFinVKFormat.integer(signature.signatureCounter), "TSE_TA_SIG": signature.signature,
                "TSE_VORGANGSDATEN": signature.processData,
            ]) { $1 }
        }
        transactionsTSE.append(tseRow)
    }

    // MARK: - Stammdaten

    private mutating func addMasterData(_ closing: DSFinVKExport.Closing, key: [String: String]) {
        let company = export.company
        let allPayments = closing.receipts.filter(\.countsInClosing).flatMap(\.payments)
        closings.append(key.merging([
            "Z_BUCHUNGSTAG": DSFinVKFormat.localDate(closing.bookingDay, in: closing.timeZone),
            "TAXONOMIE_VERSION": DSFinVKWriter.taxonomyVersion,
            "Z_START_ID": closing.receipts.first?.id ?? "", "Z_ENDE_ID": closing.receipts.last?.id ?? "",
            "NAME": company.name, "STRASSE": company.street, "PLZ": company.postalCode, "ORT": company.city,
            "LAND": company.country, "STNR": company.taxNumber, "USTID": company.vatID,
            "Z_SE_ZAHLUNGEN": amount(sum(allPayments.map(\.amount)), places: 2),
            "Z_SE_BARZAHLUNGEN": amount(sum(allPayments.filter(\.isCash).map(\.amount)), places: 2),
        ]) { $1 })
        let place = export.location
        location.append(key.merging([
            "LOC_NAME": place.name, "LOC_STRASSE": place.street, "LOC_PLZ": place.postalCode, "LOC_ORT": place.city,
            "LOC_LAND": place.country, "LOC_USTID": place.vatID,
        ]) { $1 })
        let till = export.cashRegister
        cashRegister.append(key.merging([
            "KASSE_BRAND": till.brand, "KASSE_MODELL": till.model, "KASSE_SERIENNR": till.serialNumber,
            "KASSE_SW_BRAND": till.softwareBrand, "KASSE_SW_VERSION": till.softwareVersion,
            "KASSE_BASISWAEH_CODE": till.baseCurrency.code, "KEINE_UST_ZUORDNUNG": DSFinVKFormat.boolean(false),
        ]) { $1 })
        for rate in FiscalVATRate.allCases {
            vat.append(key.merging([
                "UST_SCHLUESSEL": DSFinVKFormat.integer(rate.dsfinvkKey),
                "UST_SATZ": DSFinVKFormat.amount(minorUnits: Int64(rate.basisPoints), exponent: 2, places: 2)
                    ?? DSFinVKFormat.number(Decimal(rate.basisPoints) / 100, places: 2),
                "UST_BESCHR": rate.dsfinvkDescription,
            ]) { $1 })
        }
        let identity = export.tse.identity
        var tseRow = key.merging([
            "TSE_ID": DSFinVKFormat.integer(export.tse.id), "TSE_SERIAL": identity.serial,
            "TSE_SIG_ALGO": identity.algorithm, "TSE_ZEITFORMAT": identity.timeFormat, "TSE_PD_ENCODING": "UTF-8",
            "TSE_PUBLIC_KEY": identity.publicKey,
        ]) { $1 }
        let certificate = export.tse.certificate
        var start = certificate.startIndex
        for column in DSFinVKSchema.certificateColumns(Self.certificateParts(certificate)) where start < certificate.endIndex {
            let end = certificate.index(start, offsetBy: 1000, limitedBy: certificate.endIndex) ?? certificate.endIndex
            tseRow[column] = String(certificate[start..<end])
            start = end
        }
        tse.append(tseRow)
    }

    // MARK: - Kassenabschluss

    private mutating func addTotals(_ closing: DSFinVKExport.Closing, key: [String: String]) {
        struct CaseKey: Hashable, Comparable {
            var type: String
            var rate: Int
            static func < (lhs: CaseKey, rhs: CaseKey) -> Bool { (lhs.type, lhs.rate) < (rhs.type, rhs.rate) }
        }
        var cases: [CaseKey: [DSFinVKExport.Line]] = [:]
        for receipt in closing.receipts where receipt.countsInClosing {
            for line in receipt.lines {
                cases[CaseKey(type: line.businessCase, rate: line.vatRate.dsfinvkKey), default: []].append(line)
            }
        }
        for (caseKey, caseLines) in cases.sorted(by: { $0.key < $1.key }) {
            businessCases.append(key.merging([
                "GV_TYP": caseKey.type, "AGENTUR_ID": DSFinVKFormat.integer(0),
                "UST_SCHLUESSEL": DSFinVKFormat.integer(caseKey.rate),
                "Z_UMS_BRUTTO": amount(sum(caseLines.map(\.gross)), places: 5),
                "Z_UMS_NETTO": amount(sum(caseLines.map(\.net)), places: 5),
                "Z_UST": amount(sum(caseLines.map(\.vat)), places: 5),
            ]) { $1 })
        }
        let allPayments = closing.receipts.filter(\.countsInClosing).flatMap(\.payments)
        var byType: [[String]: [Money]] = [:]
        for payment in allPayments { byType[[payment.type, payment.name], default: []].append(payment.amount) }
        for (typeKey, amounts) in byType.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            paymentTotals.append(key.merging([
                "ZAHLART_TYP": typeKey[0], "ZAHLART_NAME": typeKey[1], "Z_ZAHLART_BETRAG": amount(sum(amounts), places: 2),
            ]) { $1 })
        }
        var cash: [String: Money] = [:]
        for payment in allPayments where payment.isCash {
            let paid = payment.foreignAmount ?? payment.amount
            cash[paid.currency.code] = (cash[paid.currency.code] ?? .zero(paid.currency)) + paid
        }
        for (code, total) in cash.sorted(by: { $0.key < $1.key }) {
            cashPerCurrency.append(key.merging(["ZAHLART_WAEH": code, "ZAHLART_BETRAG_WAEH": amount(total, places: 2)]) { $1 })
        }
    }

    // MARK: - Helpers

    private func sum(_ amounts: [Money]) -> Money {
        Money.sum(amounts, zero: .zero(base))
    }

    private func amount(_ money: Money, places: Int) -> String {
        DSFinVKFormat.amount(minorUnits: money.minorUnits, exponent: money.currency.exponent, places: places)
            ?? DSFinVKFormat.number(money.decimalValue, places: places)
    }
}

extension Money {
    /// The exact decimal value (minor units scaled by the currency's exponent).
    var decimalValue: Decimal {
        let magnitude = Decimal(minorUnits.magnitude)
        return Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -currency.exponent, significand: magnitude)
    }
}

extension FiscalVATRate {
    /// UST_BESCHR of Stamm_USt.
    var dsfinvkDescription: String {
        switch self {
        case .normal: "Regelsteuersatz"
        case .reduced: "Ermäßigter Steuersatz"
        case .averageRate1: "Durchschnittsatz (§ 24 Abs. 1 Nr. 3 UStG) übrige Fälle"
        case .averageRate2: "Durchschnittsatz (§ 24 Abs. 1 Nr. 1 UStG)"
        case .zero: "Nicht Steuerbar"
        }
    }
}
