import Foundation
import Localization
import POSFoundation
import Storage

/// What `pos fiscal status` shows: the TSE, its state, the open outage and counts.
public struct FiscalStatus: Sendable, Hashable {
    /// `demo`, `live`, or `none` when no TSE is configured.
    public var mode: String
    public var settings: FiscalSettings
    /// The TSE's identity, when it answered.
    public var identity: FiscalTSEIdentity?
    /// Why the TSE did not answer, when it did not.
    public var error: String?
    /// The outage still open, if any.
    public var openOutage: FiscalOutage?
    public var counts: FiscalCounts
}

/// What an export wrote.
public struct FiscalExportSummary: Sendable, Hashable {
    public var directory: URL
    public var files: [String]
    public var closings: Int
    public var receipts: Int
    /// Receipts whose sale the TSE could not sign (TSE_TA_FEHLER).
    public var unsigned: Int
}

/// Why a fiscal command failed.
public enum FiscalServiceError: UserFacingError, Hashable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    case noStore
    case nothingToExport(from: String, to: String)
    case noTSEData
    case storage(StorageError)
    case write(StorageError)
    /// The export's folder already holds files: an export is never written over another.
    case directoryNotEmpty(path: String)

    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .noStore: L10n.tr("error.fiscal.noStore")
        case let .nothingToExport(from, to): L10n.tr("error.fiscal.nothingToExport", ["from": from, "to": to])
        case .noTSEData: L10n.tr("error.fiscal.noTSEData")
        case let .storage(error): L10n.tr("error.fiscal.storage", ["reason": error.clause])
        case let .write(error): L10n.tr("error.fiscal.write", ["reason": error.clause])
        case let .directoryNotEmpty(path): L10n.tr("error.fiscal.export.notEmpty", ["path": path])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .noStore: L10n.tr("error.fiscal.noStore.recovery")
        case .nothingToExport: L10n.tr("error.fiscal.nothingToExport.recovery")
        case .noTSEData: L10n.tr("error.fiscal.noTSEData.recovery")
        case let .storage(error): error.suggestion(otherwise: L10n.tr("error.fiscal.storage.recovery"))
        case let .write(error): error.suggestion(otherwise: L10n.tr("error.fiscal.write.recovery"))
        case .directoryNotEmpty: L10n.tr("error.fiscal.export.notEmpty.recovery")
        }
    }
}

/// The till's fiscal side for the command line: TSE status, recovery and the DSFinV-K export from the
/// checkout's real sales (each closed shift's Z report is a Kassenabschluss).
public struct FiscalService: Sendable {
    let environment: AppEnvironment
    private var database: AppDatabase { environment.database }
    private var checkout: FiscalCheckout { FiscalCheckout(environment: environment) }

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// The fiscal settings of this data directory.
    public var settings: FiscalSettings { FiscalSettings.load(dataDirectory: environment.dataDirectory, files: environment.files) }

    /// The time zone export dates and local date-times are in.
    public var exportTimeZone: TimeZone { ReceiptService(environment: environment).receiptTimeZone }

    /// Settles what a crash left (see ``FiscalCheckout/settle()``).
    public func settle() async { await checkout.settle() }

    /// The TSE's identity and state, the open outage and counts. Asking the TSE is a probe: an answer ends an
    /// open outage; no answer opens one.
    public func status() async throws(FiscalServiceError) -> FiscalStatus {
        await settle()
        let mode = checkout.mode
        var identity: FiscalTSEIdentity?
        var problem: String?
        if let signer = checkout.signer {
            do {
                identity = try await signer.identity()
                try? await database.endFiscalOutage()
            } catch {
                if let outage = error.outage { _ = try? await database.recordFiscalOutage(cause: outage.cause, since: outage.since) }
                problem = error.message
            }
        }
        do {
            let open = try await database.openFiscalOutage().map { FiscalOutage(since: $0.startedAt, cause: $0.cause) }
            return FiscalStatus(mode: checkout.signer == nil ? "none" : mode.rawValue, settings: settings,
                                identity: identity, error: problem, openOutage: open, counts: try await database.fiscalCounts())
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    /// While an outage is open, asks the TSE who it is (a read: no transaction is started); an answer ends the
    /// outage, so the status line's "TSE DOWN" goes once the TSE is back, not only at the next sale. Returns
    /// whether it ended one.
    @discardableResult
    public func probeOpenOutage() async -> Bool {
        guard await openOutage() != nil, let signer = checkout.signer else { return false }
        do {
            _ = try await signer.identity()
            try await database.endFiscalOutage()
            return true
        } catch {
            return false
        }
    }

    /// The outage still open, if any (the status line and `pos status`).
    public func openOutage() async -> FiscalOutage? {
        (try? await database.openFiscalOutage()).flatMap { $0 }.map { FiscalOutage(since: $0.startedAt, cause: $0.cause) }
    }

    /// Builds the DSFinV-K export of the closings made in `[from, to)`.
    public func export(from: Date, to: Date) async throws(FiscalServiceError) -> DSFinVKExport {
        await settle()
        let store: StoreSettings
        let closings: [FiscalClosingExportRow]
        do {
            guard let loaded = try await SettingsRepository(database: database).load() else { throw FiscalServiceError.noStore }
            store = loaded
            closings = try await database.fiscalClosings(closedFrom: from, to: to)
        } catch let error as FiscalServiceError {
            throw error
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard !closings.isEmpty else {
            let zone = exportTimeZone  // local date and time of the store, as a person typed the days
            throw .nothingToExport(from: L10n.dateTime(from, in: zone), to: L10n.dateTime(to, in: zone))
        }
        let settings = settings
        let mode = checkout.mode
        let serial = settings.registerSerial(for: mode) ?? "POS-1"
        let timeZone = ReceiptService(environment: environment).receiptTimeZone
        var receipts: [[DSFinVKExport.Receipt]] = []
        var signatures: [FiscalSignature] = []
        for closing in closings {
            var built: [DSFinVKExport.Receipt] = []
            for row in closing.sales {
                let receipt = await receipt(row, cashier: closing.shift.cashier)
                if let signature = receipt.signature { signatures.append(signature) }
                built.append(receipt)
            }
            for movement in closing.movements {
                let number = movement.id.flatMap { closing.movementReceiptNumbers[$0] } ?? 0
                guard let receipt = await movementReceipt(movement, number: number, cashier: closing.shift.cashier)
                else { continue }
                if let signature = receipt.signature { signatures.append(signature) }
                built.append(receipt)
            }
            // In the order of the register's receipt series, so Z_START_ID and Z_ENDE_ID are the closing's first
            // and last Bon (a float opens it, a refund may come between two sales).
            built.sort { ($0.number, $0.start) < ($1.number, $1.start) }
            receipts.append(built)
        }
        let identity: FiscalTSEIdentity
        if let signature = signatures.first {
            identity = FiscalTSEIdentity(serial: signature.tseSerial, publicKey: signature.publicKey,
                                         algorithm: signature.algorithm, timeFormat: signature.timeFormat,
                                         clientSerial: signature.clientSerial, isSimulated: signature.isSimulated)
        } else if let signer = checkout.signer, let asked = try? await signer.identity() {
            identity = asked
        } else {
            throw .noTSEData
        }
        let address = store.address
        let street = [address.line1, address.line2].filter { !$0.isEmpty }.joined(separator: ", ")
        let country = address.country == "DE" || address.country.isEmpty ? "DEU" : address.country
        return DSFinVKExport(
            company: .init(name: store.storeName, street: street, postalCode: address.postcode, city: address.city,
                           country: country, taxNumber: settings.taxNumber ?? "", vatID: settings.vatID ?? ""),
            location: .init(name: store.storeName, street: street, postalCode: address.postcode, city: address.city,
                            country: country, vatID: settings.vatID ?? ""),
            cashRegister: .init(id: serial, brand: "pos", model: "Linux counter", serialNumber: serial,
                                softwareBrand: "pos", softwareVersion: "0.1.0", baseCurrency: store.currency),
            tse: .init(identity: identity),
            closings: zip(closings, receipts).map { closing, receipts in
                DSFinVKExport.Closing(number: Int(closing.shift.id ?? 0), createdAt: closing.shift.closedAt ?? closing.shift.openedAt,
                                      timeZone: timeZone, bookingDay: closing.shift.openedAt, receipts: receipts)
            })
    }

    /// Writes the export of `[from, to)` into `directory` (the CSV files, index.xml and its DTD). The folder must be
    /// new or empty: an export is never written over files already there (another export, or anything else).
    public func writeExport(from: Date, to: Date, directory: URL) async throws(FiscalServiceError) -> FiscalExportSummary {
        try Self.requireEmpty(directory)
        let export = try await export(from: from, to: to)
        do {
            let files = try DSFinVKWriter().write(export, to: directory, files: environment.files)
            // Recorded once written, so pos logout knows these closings' sales are kept outside pos.
            var ledger = FiscalExportLedger.load(environment)
            ledger.exportedClosings.formUnion(export.closings.map { Int64($0.number) })
            try ledger.save(environment)
            let receipts = export.closings.flatMap(\.receipts)
            return FiscalExportSummary(directory: directory, files: files, closings: export.closings.count,
                                       receipts: receipts.count, unsigned: receipts.filter { $0.signature == nil }.count)
        } catch {
            throw .write(StorageError(wrapping: error))
        }
    }

    /// Throws ``FiscalServiceError/directoryNotEmpty(path:)`` when `directory` exists and is not an empty folder.
    static func requireEmpty(_ directory: URL) throws(FiscalServiceError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return }
        let contents = isDirectory.boolValue ? (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) : nil
        guard let contents, contents.isEmpty else { throw .directoryNotEmpty(path: directory.path) }
    }

    // MARK: - One receipt

    private func receipt(_ row: FiscalSaleExportRow, cashier: String) async -> DSFinVKExport.Receipt {
        let sale = row.sale
        let abandoned = sale.state == .voided
        var lines = row.lines
        var taxes = row.taxes
        if abandoned, !sale.priced, let detail = await pricedDetail(row) {
            lines = detail.lines
            taxes = detail.taxes
        }
        let currency = sale.currency
        let exportLines = lines.enumerated().map { index, line in
            let gross = FiscalOrderMapping.gross(line)
            let unitGross = line.quantity > 0 ? (line.subtotal + line.subtotalTax) / Int64(line.quantity) : line.unitPrice
            // A discount (the line's own, its share of the order's, or of a coupon) is the line's subtotal less
            // its total: Bonpos_Preisfindung records it beside the price before it (STK_BR).
            let money = { (minor: Int64) in Money(minorUnits: minor, currency: currency) }
            let discountNet = line.subtotal - line.total, discountVAT = line.subtotalTax - line.totalTax
            let discount: DSFinVKExport.Amounts? = discountNet == 0 && discountVAT == 0 ? nil
                : .init(gross: money(discountNet + discountVAT), net: money(discountNet), vat: money(discountVAT))
            return DSFinVKExport.Line(
                lineNumber: String(index + 1), articleNumber: line.sku.isEmpty ? String(line.productId ?? 0) : line.sku,
                text: line.name, quantity: Decimal(line.quantity),
                unitPriceGross: Money(minorUnits: unitGross, currency: currency),
                vatRate: FiscalOrderMapping.rate(of: line, taxes: taxes),
                gross: Money(minorUnits: gross, currency: currency), net: Money(minorUnits: line.total, currency: currency),
                vat: Money(minorUnits: line.totalTax, currency: currency), discount: discount)
        }
        let payments: [DSFinVKExport.Payment] = abandoned ? [] : row.payments.map { payment in
            switch payment.method {
            case .cash: return .init(type: "Bar", name: "Bargeld", amount: payment.amountMoney)
            case .card: return FiscalOrderMapping.cardPayment(cardBrand: payment.cardBrand, amount: payment.amountMoney)
            case .other: return .init(type: "Unbar", name: "Sonstige", amount: payment.amountMoney)
            }
        }
        var signature: FiscalSignature?
        var tseError = ""
        switch row.fiscal?.state {
        case .signed?, .cancelled?:
            signature = row.fiscal?.signature.flatMap { FiscalCheckout.decode(FiscalSignature.self, $0) }
        case .failed?:
            tseError = Self.exportCause(row.fiscal?.error)
        case nil:
            tseError = "keine TSE"
        default:
            tseError = "TSE-Signatur ausstehend"
        }
        let operatorName = cashier.isEmpty ? "Kasse" : cashier
        return DSFinVKExport.Receipt(
            // BON_ID is the sale (unique); BON_NR its number in the register's one receipt series, taken when it
            // completed (printed on the receipt, `K2-000123`) or was voided.
            // A training sale's (and a voided training cart's) number is its training series', kept on the sale.
            id: String(sale.id ?? 0), number: Int(row.receiptNumber ?? row.order?.receiptNumber ?? sale.receiptNumber ?? 0),
            // A training sale is its own Bon type (AVTraining): in the Einzelaufzeichnung, never in the closing's
            // totals; a voided training cart is an abandoned receipt like any other (its TSE cancel says so).
            type: abandoned ? .abandoned : sale.training ? .training : .beleg,
            start: sale.createdAt, end: sale.updatedAt, operatorID: operatorName, operatorName: operatorName,
            lines: exportLines, payments: payments, signature: signature, tseError: tseError,
            note: row.coupons.isEmpty ? "" : "Rabattcode " + row.coupons.map { $0.code.uppercased() }.joined(separator: ", "))
    }

    /// A movement's Bon (a refund: one line per VAT rate with the negative amounts it signed, quantity -1, and
    /// its negative payment), with its own TSE row; `number` is its number in the register's receipt series.
    private func movementReceipt(_ row: FiscalMovementRecord, number: Int64, cashier: String) async
        -> DSFinVKExport.Receipt? {
        guard let data = FiscalCheckout.decode(FiscalReceiptData.self, row.receiptData) else { return nil }
        if row.kind != .refund { return cashMovementReceipt(row, data: data, number: number, cashier: cashier) }
        var orderNumber: Int64 = 0
        var cardPayments: [PaymentRecord] = []
        if let orderId = row.orderId, let order = try? await ReceiptRepository(database: database).orderData(orderID: orderId) {
            orderNumber = order.order.receiptNumber ?? order.order.localNumber
            cardPayments = order.payments.filter { $0.method == .card }
        }
        let lines = FiscalVATRate.allCases.compactMap { rate -> DSFinVKExport.Line? in
            guard let gross = data.amountsPerVATRate[rate], gross.minorUnits != 0 else { return nil }
            let net = gross.multiplied(byRatio: 10_000, Int64(10_000 + rate.basisPoints), rounding: .halfUp)
            return DSFinVKExport.Line(
                lineNumber: "", articleNumber: "ERSTATTUNG", text: "Erstattung zu Bon \(orderNumber)", quantity: -1,
                unitPriceGross: gross.magnitude, vatRate: rate, gross: gross, net: net, vat: gross - net)
        }.enumerated().map { index, line -> DSFinVKExport.Line in
            var numbered = line
            numbered.lineNumber = String(index + 1)
            return numbered
        }
        // A card refund goes back to the card its sale was paid with: the same payment type (ZAHLART_TYP) and name
        // as the sale's card payment, so the export's totals per type agree with the Z report.
        let payments = data.payments.map { payment -> DSFinVKExport.Payment in
            if payment.kind == .cash { return .init(type: "Bar", name: "Bargeld", amount: payment.amount) }
            return FiscalOrderMapping.refundCardPayment(salePayments: cardPayments, amount: payment.amount)
        }
        var signature: FiscalSignature?
        var tseError = ""
        switch row.state {
        case .signed, .cancelled: signature = row.signature.flatMap { FiscalCheckout.decode(FiscalSignature.self, $0) }
        case .failed: tseError = Self.exportCause(row.error)
        default: tseError = "TSE-Signatur ausstehend"
        }
        let operatorName = cashier.isEmpty ? "Kasse" : cashier
        // BON_ID is the refund's own id (its UUID); BON_NR its own number in the register's receipt series.
        return DSFinVKExport.Receipt(
            id: row.reference, number: Int(number), type: .beleg, start: row.createdAt, end: row.updatedAt,
            operatorID: operatorName, operatorName: operatorName, lines: lines, payments: payments,
            signature: signature, tseError: tseError)
    }

    /// A cash movement's Bon: one line with its DSFinV-K business case (`Anfangsbestand`, `Einzahlung`,
    /// `Auszahlung`), not taxable (VAT key 5), the signed amount, and the cash payment; its own TSE row.
    private func cashMovementReceipt(_ row: FiscalMovementRecord, data: FiscalReceiptData, number: Int64,
                                     cashier: String) -> DSFinVKExport.Receipt? {
        let (businessCase, text): (String, String)
        switch row.kind {
        case .float: (businessCase, text) = ("Anfangsbestand", "Anfangsbestand")
        case .cashIn: (businessCase, text) = ("Einzahlung", "Einzahlung")
        case .cashOut: (businessCase, text) = ("Auszahlung", "Auszahlung")
        case .drawerOpen: return noSaleReceipt(row, number: number, cashier: cashier)
        case .refund: return nil
        }
        guard let amount = data.payments.first?.amount else { return nil }
        let line = DSFinVKExport.Line(
            lineNumber: "1", businessCase: businessCase, articleNumber: businessCase.uppercased(), text: text,
            quantity: 1, unitPriceGross: amount, vatRate: .zero, gross: amount, net: amount,
            vat: Money.zero(amount.currency))
        let (signature, tseError) = Self.signature(of: row)
        let operatorName = cashier.isEmpty ? "Kasse" : cashier
        // BON_ID is the movement's reference (`shift-N-float`, `cash-N`); BON_NR its number in the register's series.
        return DSFinVKExport.Receipt(
            id: row.reference, number: Int(number), type: .beleg, start: row.createdAt, end: row.updatedAt,
            operatorID: operatorName, operatorName: operatorName, lines: [line],
            payments: [.init(type: "Bar", name: "Bargeld", amount: amount)], signature: signature, tseError: tseError)
    }

    /// A "no sale" drawer open's Bon: `AVSonstige` with no lines and no payment, its own TSE row and number.
    private func noSaleReceipt(_ row: FiscalMovementRecord, number: Int64, cashier: String) -> DSFinVKExport.Receipt {
        let (signature, tseError) = Self.signature(of: row)
        let operatorName = cashier.isEmpty ? "Kasse" : cashier
        return DSFinVKExport.Receipt(
            id: row.reference, number: Int(number), type: .other, start: row.createdAt, end: row.updatedAt,
            operatorID: operatorName, operatorName: operatorName, lines: [], payments: [], signature: signature,
            tseError: tseError)
    }

    /// TSE_TA_FEHLER of a transaction the TSE could not sign: the export is German (DSFinV-K), so is the cause
    /// (stored as a code, rendered here in German; a cause stored in words before codes as it was).
    static func exportCause(_ stored: String?) -> String {
        let german = Strings.of(.german)
        return german.tr("fiscal.export.tseFailed", [
            "cause": FiscalCause.text(of: stored ?? FiscalCause(.noAnswer).stored, in: german),
        ])
    }

    /// A movement's signature, or why it has none (TSE_TA_FEHLER).
    private static func signature(of row: FiscalMovementRecord) -> (FiscalSignature?, String) {
        var signature: FiscalSignature?
        var tseError = ""
        switch row.state {
        case .signed, .cancelled: signature = row.signature.flatMap { FiscalCheckout.decode(FiscalSignature.self, $0) }
        case .failed: tseError = Self.exportCause(row.error)
        default: tseError = "TSE-Signatur ausstehend"
        }
        return (signature, tseError)
    }

    /// The lines and taxes of a voided sale the v17 migration moved without prices, priced from its cart
    /// (DSFinV-K keeps an abandoned sale's lines).
    private func pricedDetail(_ row: FiscalSaleExportRow) async -> OrderRecordDetail? {
        let service = SaleService(environment: environment)
        let stored = StoredSale(order: row.sale, lines: row.lines, fees: [], coupons: [], taxes: row.taxes, tenders: [])
        let cart = SaleRecords.cart(of: stored)
        guard !cart.items.isEmpty, let (resolved, totals) = try? await service.price(cart) else { return nil }
        return SaleBuilder(cart: resolved, totals: totals, customerId: nil, note: "")
            .detail(clientUUID: row.sale.clientUUID, localNumber: 0, now: row.sale.updatedAt)
    }
}

extension ReceiptService {
    /// The time zone receipts and the DSFinV-K export write local times in (the receipt settings', else the
    /// machine's).
    var receiptTimeZone: TimeZone {
        let url = environment.file(ReceiptSettings.fileName)
        let receipt = (try? environment.files.read(ReceiptSettings.self, from: url)).flatMap { $0 } ?? ReceiptSettings()
        return receipt.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
    }
}
