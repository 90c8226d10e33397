import Foundation
import POSFoundation

/// What a DSFinV-K 2.4 export is made of: the till's master data and its closings (Z reports), each with its
/// receipts, their lines, payments and TSE data. ``DSFinVKWriter`` turns it into the CSV files and `index.xml`.
///
/// The checkout's sales feed it (``FiscalService/export(from:to:)``, `pos fiscal export --from --to DIR`); it holds
/// values only.
public struct DSFinVKExport: Sendable, Hashable {
    public var company: Company
    public var location: Location
    public var cashRegister: CashRegister
    public var tse: TSE
    public var closings: [Closing]

    public init(company: Company, location: Location, cashRegister: CashRegister, tse: TSE, closings: [Closing]) {
        self.company = company
        self.location = location
        self.cashRegister = cashRegister
        self.tse = tse
        self.closings = closings
    }

    /// The business (Stamm_Abschluss: NAME … USTID).
    public struct Company: Sendable, Hashable {
        public var name, street, postalCode, city, country, taxNumber, vatID: String

        public init(name: String, street: String, postalCode: String, city: String, country: String = "DEU",
                    taxNumber: String, vatID: String) {
            self.name = name
            self.street = street
            self.postalCode = postalCode
            self.city = city
            self.country = country
            self.taxNumber = taxNumber
            self.vatID = vatID
        }
    }

    /// The shop where the till stands (Stamm_Orte).
    public struct Location: Sendable, Hashable {
        public var name, street, postalCode, city, country, vatID: String

        public init(name: String, street: String, postalCode: String, city: String, country: String = "DEU",
                    vatID: String) {
            self.name = name
            self.street = street
            self.postalCode = postalCode
            self.city = city
            self.country = country
            self.vatID = vatID
        }
    }

    /// The till (Stamm_Kassen); ``id`` is every record's Z_KASSE_ID.
    public struct CashRegister: Sendable, Hashable {
        public var id, brand, model, serialNumber, softwareBrand, softwareVersion: String
        public var baseCurrency: Currency

        public init(id: String, brand: String, model: String, serialNumber: String, softwareBrand: String,
                    softwareVersion: String, baseCurrency: Currency = .eur) {
            self.id = id
            self.brand = brand
            self.model = model
            self.serialNumber = serialNumber
            self.softwareBrand = softwareBrand
            self.softwareVersion = softwareVersion
            self.baseCurrency = baseCurrency
        }
    }

    /// The TSE (Stamm_TSE).
    public struct TSE: Sendable, Hashable {
        /// The TSE's number within the export (TSE_ID), 1 for a till with one TSE.
        public var id: Int
        public var identity: FiscalTSEIdentity
        /// The TSE's certificate, base64 (empty for the simulator, which has none).
        public var certificate: String

        public init(id: Int = 1, identity: FiscalTSEIdentity, certificate: String = "") {
            self.id = id
            self.identity = identity
            self.certificate = certificate
        }
    }

    /// One closing (Z report, Kassenabschluss).
    public struct Closing: Sendable, Hashable {
        /// Z_NR.
        public var number: Int
        /// Z_ERSTELLUNG.
        public var createdAt: Date
        /// The till's time zone: local date-times (Z_ERSTELLUNG, BON_START, BON_ENDE) are written in it.
        public var timeZone: TimeZone
        /// Z_BUCHUNGSTAG: the business day the closing books (its date in ``timeZone``), which differs from
        /// Z_ERSTELLUNG's date when a day's shift is closed after midnight. pos gives the day its shift opened.
        public var bookingDay: Date
        public var receipts: [Receipt]

        public init(number: Int, createdAt: Date, timeZone: TimeZone, bookingDay: Date? = nil, receipts: [Receipt]) {
            self.number = number
            self.createdAt = createdAt
            self.timeZone = timeZone
            self.bookingDay = bookingDay ?? createdAt
            self.receipts = receipts
        }
    }

    /// One receipt (Bonkopf) with its lines, payments and TSE transaction.
    public struct Receipt: Sendable, Hashable {
        /// BON_ID (unique in the export).
        public var id: String
        /// BON_NR.
        public var number: Int
        /// BON_TYP: `Beleg`, `AVBelegabbruch`, `AVTraining`, …
        public var type: FiscalReceiptType
        /// BON_STORNO: the receipt cancels an earlier one.
        public var isCancellation: Bool
        public var start: Date
        public var end: Date
        public var operatorID: String
        public var operatorName: String
        public var lines: [Line]
        public var payments: [Payment]
        /// The TSE transaction; nil only when the TSE failed (then ``tseError`` says why).
        public var signature: FiscalSignature?
        /// TSE_TA_FEHLER: what failed when the sale could not be signed.
        public var tseError: String
        /// BON_NOTIZ: e.g. the coupon codes a sale's discounts came from.
        public var note: String

        public init(id: String, number: Int, type: FiscalReceiptType, isCancellation: Bool = false, start: Date,
                    end: Date, operatorID: String, operatorName: String, lines: [Line], payments: [Payment],
                    signature: FiscalSignature?, tseError: String = "", note: String = "") {
            self.id = id
            self.number = number
            self.type = type
            self.isCancellation = isCancellation
            self.start = start
            self.end = end
            self.operatorID = operatorID
            self.operatorName = operatorName
            self.lines = lines
            self.payments = payments
            self.signature = signature
            self.tseError = tseError
            self.note = note
        }

        /// Abandoned receipts (AVBelegabbruch) record their lines as cancelled positions and carry no revenue.
        public var countsAsRevenue: Bool { type != .abandoned }
        /// Training receipts (AVTraining) keep their lines, amounts and payments in the Einzelaufzeichnung but count
        /// in no Kassenabschluss total (business cases, payment types, cash per currency).
        public var countsInClosing: Bool { countsAsRevenue && type != .training }
    }

    /// One receipt line (Bonpos) with its VAT split (Bonpos_USt, one rate per line).
    public struct Line: Sendable, Hashable {
        /// POS_ZEILE.
        public var lineNumber: String
        /// GV_TYP, `Umsatz` for a sale.
        public var businessCase: String
        public var articleNumber: String
        public var gtin: String
        public var text: String
        /// MENGE.
        public var quantity: Decimal
        /// EINHEIT, e.g. `Stück`.
        public var unit: String
        /// STK_BR: unit price including VAT.
        public var unitPriceGross: Money
        public var vatRate: FiscalVATRate
        /// What the line comes to (Bonpos_USt), after its discount.
        public var gross: Money
        public var net: Money
        public var vat: Money
        /// The line's discount (a line or order discount, or its share of a coupon), positive amounts: the price
        /// before it is ``gross`` + `discount.gross`. Written to Bonpos_Preisfindung as `base_amount` and `discount`.
        public var discount: Amounts?

        public init(lineNumber: String, businessCase: String = "Umsatz", articleNumber: String, gtin: String = "",
                    text: String, quantity: Decimal, unit: String = "Stück", unitPriceGross: Money,
                    vatRate: FiscalVATRate, gross: Money, net: Money, vat: Money, discount: Amounts? = nil) {
            self.lineNumber = lineNumber
            self.businessCase = businessCase
            self.articleNumber = articleNumber
            self.gtin = gtin
            self.text = text
            self.quantity = quantity
            self.unit = unit
            self.unitPriceGross = unitPriceGross
            self.vatRate = vatRate
            self.gross = gross
            self.net = net
            self.vat = vat
            self.discount = discount
        }
    }

    /// Gross, net and VAT of one amount.
    public struct Amounts: Sendable, Hashable {
        public var gross: Money
        public var net: Money
        public var vat: Money

        public init(gross: Money, net: Money, vat: Money) {
            self.gross = gross
            self.net = net
            self.vat = vat
        }
    }

    /// One payment (Bonkopf_Zahlarten).
    public struct Payment: Sendable, Hashable {
        /// ZAHLART_TYP: `Bar`, `Unbar`, `ECKarte`, `Kreditkarte`, …
        public var type: String
        /// ZAHLART_NAME, e.g. `girocard`.
        public var name: String
        /// The amount in the base currency.
        public var amount: Money
        /// The amount as paid when it was another currency (ZAHLWAEH_CODE / ZAHLWAEH_BETRAG).
        public var foreignAmount: Money?

        public init(type: String, name: String, amount: Money, foreignAmount: Money? = nil) {
            self.type = type
            self.name = name
            self.amount = amount
            self.foreignAmount = foreignAmount
        }

        /// Cash types (counted in Z_SE_BARZAHLUNGEN and cash_per_currency).
        public var isCash: Bool { type == "Bar" }
    }
}
