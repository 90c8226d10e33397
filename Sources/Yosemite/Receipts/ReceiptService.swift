import Foundation
import Hardware
import Logging
import POSFoundation
import Storage

/// The receipt store's work, off the main actor: load what a receipt needs, render, store, print.
struct ReceiptService: Sendable {
    let environment: AppEnvironment
    var repository: ReceiptRepository { ReceiptRepository(database: environment.database) }

    // MARK: Settings

    func appSettings() -> AppSettings {
        environment.appSettings()
    }

    func context() async throws(ReceiptError) -> ReceiptContext {
        let store: StoreSettings?
        do {
            store = try await SettingsRepository(database: environment.database).load()
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let store else { throw .storeSettingsMissing }
        let url = environment.file(ReceiptSettings.fileName)
        let receipt = (try? environment.files.read(ReceiptSettings.self, from: url)).flatMap { $0 } ?? ReceiptSettings()
        let signedIn = try? await environment.database.currentSignIn()
        var context = ReceiptContext(store: store, cashier: signedIn?.cashierName ?? appSettings().cashierName,
                                     timeZone: receipt.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current,
                                     taxNumber: receipt.taxNumber
                                         ?? FiscalSettings.load(dataDirectory: environment.dataDirectory).taxNumber,
                                     // Paper speaks the paper-language setting, else the store's site language.
                                     language: appSettings().paperLanguage(store: store))
        if let footer = receipt.footer { context.footer = footer }
        return context
    }

    func renderer() throws(ReceiptError) -> ReceiptRenderer {
        let overrides = environment.dataDirectory.appendingPathComponent("templates", isDirectory: true)
        let renderer = ReceiptRenderer(templates: try ReceiptTemplateSet(overrideDirectory: overrides))
        for warning in renderer.templates.warnings {
            environment.logger.warning("\(warning.message)")
        }
        return renderer
    }

    /// The profile ESC/POS is encoded for at a width: 58 mm paper at 32 columns, 80 mm otherwise.
    static func profile(width: Int) -> PrinterProfile {
        var profile = width <= 32 ? PrinterProfile.generic58mm : PrinterProfile.generic80mm
        profile.columns = width
        return profile
    }

    // MARK: Orders

    /// What a receipt of the order with this id needs, read once.
    func orderData(id: Int64) async throws(ReceiptError) -> ReceiptOrderData {
        do {
            guard let data = try await repository.orderData(orderID: id) else { throw ReceiptError.orderNotFound(String(id)) }
            return data
        } catch let error as ReceiptError {
            throw error
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    func orderData(_ reference: String) async throws(ReceiptError) -> ReceiptOrderData {
        do {
            guard let order = try await repository.findOrder(reference: reference), let id = order.id,
                  let data = try await repository.orderData(orderID: id)
            else { throw ReceiptError.orderNotFound(reference) }
            return data
        } catch let error as ReceiptError {
            throw error
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    /// The TSE data of the order's refund of `amount`, `nil` when no TSE signed it.
    func refundFiscal(orderID: Int64?, amount: Money) async throws(ReceiptError) -> ReceiptFiscal? {
        guard let orderID else { return nil }
        do { return try await repository.refundFiscal(orderID: orderID, amount: amount) } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    // MARK: Generating

    /// Renders a view model and stores the receipt (text and ESC/POS) before anything is printed.
    func store(
        _ model: ReceiptViewModel, template: ReceiptTemplateName, kind: ReceiptRecord.Kind, orderID: Int64?
    ) async throws(ReceiptError) -> (ReceiptRecord, [ReceiptTemplateError]) {
        let rendered = try renderer().render(model, with: template)
        let width = appSettings().receiptWidth
        let record = ReceiptRecord(
            orderId: orderID, kind: kind, width: width, renderedText: rendered.text(width: width),
            escposBytes: Data(rendered.escpos(width: width, profile: Self.profile(width: width))),
            createdAt: environment.now()
        )
        do {
            return (try await repository.insert(record), rendered.warnings)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    func generateSale(_ reference: String) async throws(ReceiptError) -> (ReceiptRecord, [ReceiptTemplateError]) {
        try await generateSale(try await orderData(reference))
    }

    /// Renders and stores the sale receipt of an order already read (and a card slip per card payment).
    func generateSale(_ data: ReceiptOrderData) async throws(ReceiptError) -> (ReceiptRecord, [ReceiptTemplateError]) {
        let composer = ReceiptComposer(context: try await context())
        let sale = try await store(composer.sale(data), template: .sale, kind: .sale, orderID: data.order.id)
        for payment in data.payments {
            guard let id = payment.id, let card = data.cardResults[id] else { continue }
            _ = try await store(composer.cardSlip(data, card: card), template: .cardSlip, kind: .cardSlip,
                                orderID: data.order.id)
        }
        return sale
    }

    func latestSale(_ reference: String) async throws(ReceiptError) -> ReceiptRecord? {
        try await latest(reference, kind: .sale)
    }

    /// The order's newest stored receipt of a kind.
    func latest(_ reference: String, kind: ReceiptRecord.Kind) async throws(ReceiptError) -> ReceiptRecord? {
        let data = try await orderData(reference)
        do {
            return try await repository.receipts(orderID: data.order.id ?? -1).last { $0.kind == kind }
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    func storedReceipt(_ id: Int64) async throws(ReceiptError) -> ReceiptRecord {
        let stored: ReceiptRecord?
        do { stored = try await repository.receipt(id: id) } catch { throw .storage(StorageError(wrapping: error)) }
        guard let stored else { throw .receiptNotFound(id) }
        return stored
    }

    func receipts(_ reference: String) async throws(ReceiptError) -> [ReceiptRecord] {
        let data = try await orderData(reference)
        do {
            return try await repository.receipts(orderID: data.order.id ?? -1)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }
}
