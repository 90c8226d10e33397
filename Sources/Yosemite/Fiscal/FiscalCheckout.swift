import Foundation
import Localization
import Logging
import POSFoundation
import Storage

/// The checkout's side of the TSE (German fiscal law): it starts a TSE transaction when a sale opens, finishes
/// it once the sale is completed, cancels it as `AVBelegabbruch` when the sale is voided, and settles what a
/// crash left half done on the next start.
///
/// Journal first, like card payments: each TSE call is preceded by a named Storage write (`journalFiscalStart`,
/// `markFiscalFinishing`) and followed by one that records the answer (`recordFiscalStarted`,
/// `recordFiscalSignature`). The sale's own writes stay first and durable: a TSE that cannot be reached never
/// stops a sale. The sale is recorded `failed` with the outage (start, cause; its end when the TSE answers
/// again) and is never signed afterwards. A pending finish is repeated on the next start with the receipt data
/// journaled before the first try; the TSE keeps one signature per transaction (the simulator returns the one it
/// gave, fiskaly refuses a second finish), and the row records a signature once.
struct FiscalCheckout: Sendable {
    let environment: AppEnvironment
    var database: AppDatabase { environment.database }

    /// Demo store or real store.
    var mode: FiscalMode { DemoStoreSeeder.hasMarkerFile(in: environment) ? .demo : .live }

    /// The TSE for this data directory, if one is configured.
    var signer: (any FiscalSigner)? { environment.makeFiscalSigner(mode) }

    // MARK: - The sale's lifecycle

    /// The TSE client this till signs with now: fiskaly's client id for a real store, the register serial the
    /// simulated TSE uses in the demo store.
    var tseClient: String? {
        let settings = FiscalSettings.load(dataDirectory: environment.dataDirectory, files: environment.files)
        return mode == .demo ? settings.registerSerial(for: .demo) : settings.clientID
    }

    /// A sale opened: record the register and TSE client it is opened with (it keeps them to its end), then
    /// journal and start its TSE transaction. A training sale's transaction is started in the training mode (the
    /// store's TSE all the same): the signers finish it as `AVTraining`.
    func saleOpened(saleId: Int64, clientUUID: ClientUUID, training: Bool = false) async {
        let client = signer == nil ? nil : tseClient
        do {
            try await database.recordSaleOpening(saleId: saleId, registerId: RegisterIdentity.current(environment),
                                                 tseClient: client)
        } catch {
            environment.logger.error("fiscal: sale \(saleId)'s register could not be recorded: \(error)")
        }
        guard let signer else { return }
        do {
            let row = try await database.journalFiscalStart(saleId: saleId, tseTransactionId: clientUUID.description,
                                                            mode: training ? FiscalMode.training.rawValue : mode.rawValue)
            guard row.state == .starting else { return }
            // While an outage is open, the TSE is tried at most once per probe interval: the sales in between
            // go on at once, failed in the open outage (never signed afterwards), instead of each waiting for
            // a timeout.
            if let outage = try await database.openFiscalOutage(),
               !environment.fiscalProbe.claimAttempt(on: environment.clock) {
                try await database.recordFiscalFailure(saleId: saleId, cause: outage.cause, since: outage.startedAt)
                return
            }
            await start(row, client: client, signer)
        } catch {
            environment.logger.error("fiscal: sale \(saleId)'s TSE transaction could not be journaled: \(error)")
        }
    }

    /// A sale completed (its order is durable): sign it.
    func saleCompleted(saleId: Int64) async {
        guard let signer else { return }
        await end(saleId: saleId, cancel: false, signer)
    }

    /// A sale was voided (open or parked): cancel its TSE transaction as `AVBelegabbruch`.
    func saleVoided(saleId: Int64) async {
        guard let signer else { return }
        await end(saleId: saleId, cancel: true, signer)
    }

    /// Settles what a crash left: a start without its answer is repeated (the TSE transaction id is the sale's,
    /// so the same transaction comes back), a completed or voided sale whose transaction is still open is
    /// finished or cancelled, and a finish or cancel without its recorded answer is repeated. Sales still open or
    /// parked keep their open transaction (the counter resumes them).
    func settle() async {
        guard let signer else { return }
        await settleMovements()
        guard let rows = try? await database.unsettledFiscalTransactions(), !rows.isEmpty else { return }
        for unsettled in rows {
            let saleId = unsettled.record.saleId
            let isOpenSale = unsettled.saleState == .open || unsettled.saleState == .parked
            // An open or parked sale's active transaction is as it should be: nothing to settle.
            if isOpenSale && unsettled.record.state == .active { continue }
            if unsettled.record.state == .starting {
                // Repeated under the client the sale was opened under (the order's tseClient), whatever register
                // the till is set to now.
                let client = (try? await database.sale(id: saleId))?.order.tseClient
                await start(unsettled.record, client: client, signer)
            }
            switch unsettled.saleState {
            case .completed: await end(saleId: saleId, cancel: false, signer)
            case .voided: await end(saleId: saleId, cancel: true, signer)
            case .open, .parked: break
            }
            environment.logger.notice("fiscal: settled sale \(saleId)'s TSE transaction after a restart")
        }
    }

    // MARK: - Private

    private func start(_ row: FiscalTransactionRecord, client: String?, _ signer: any FiscalSigner) async {
        let request = FiscalStartRequest(saleID: row.tseTransactionId, mode: FiscalMode(rawValue: row.mode) ?? .live,
                                         clientID: client)
        do {
            let transaction = try await signer.start(request)
            try await database.recordFiscalStarted(saleId: row.saleId, transaction: Self.encode(transaction))
        } catch let error as FiscalError {
            await fail(saleId: row.saleId, error)
        } catch {
            environment.logger.error("fiscal: sale \(row.saleId)'s TSE start could not be recorded: \(error)")
        }
    }

    private func end(saleId: Int64, cancel: Bool, _ signer: any FiscalSigner) async {
        do {
            guard let current = try await database.fiscalTransaction(saleId: saleId),
                  [.active, .finishing, .cancelling].contains(current.state) else { return }
            let receipt: FiscalReceiptData
            if let journaled = current.receiptData.flatMap({ Self.decode(FiscalReceiptData.self, $0) }),
               current.state != .active {
                receipt = journaled
            } else if cancel {
                receipt = .cancelled(.abandoned)
            } else {
                receipt = try await completedReceiptData(saleId: saleId)
            }
            guard let row = try await database.markFiscalFinishing(saleId: saleId, receiptData: Self.encode(receipt),
                                                                   cancel: cancel),
                  row.state == .finishing || row.state == .cancelling,
                  let transaction = row.transaction.flatMap({ Self.decode(FiscalTransaction.self, $0) }) else { return }
            let signature: FiscalSignature
            if row.state == .cancelling {
                signature = try await signer.cancel(transaction, kind: receipt.type)
            } else {
                signature = try await signer.finish(transaction, receipt: receipt)
            }
            try await database.recordFiscalSignature(saleId: saleId, signature: Self.encode(signature))
        } catch let error as FiscalError {
            await fail(saleId: saleId, error)
        } catch {
            environment.logger.error("fiscal: sale \(saleId)'s TSE finish could not be recorded: \(error)")
        }
    }

    /// The receipt data of a completed sale, from its stored order.
    private func completedReceiptData(saleId: Int64) async throws -> FiscalReceiptData {
        guard let stored = try await database.sale(id: saleId), stored.order.state == .completed, let orderId = stored.order.id,
              let data = try await ReceiptRepository(database: database).orderData(orderID: orderId) else {
            throw SaleWriteError.notFound("order of sale \(saleId)")
        }
        return FiscalOrderMapping.receiptData(lines: data.lines, taxes: data.taxes, payments: data.payments,
                                              currency: data.order.totalMoney.currency)
    }

    private func fail(saleId: Int64, _ error: FiscalError) async {
        // This failed call is the outage's latest attempt: the next sales do not try the TSE before the
        // probe interval has passed.
        environment.fiscalProbe.noteAttempt(on: environment.clock)
        // Stored as a code, rendered in the language of the document it appears on.
        let cause = error.outage?.cause ?? FiscalCause(error).stored
        let since = error.outage?.since ?? environment.now()
        environment.logger.warning(
            "fiscal: the TSE failed for sale \(saleId): \(FiscalCause.text(of: cause, in: .of(.english))); the sale goes on unsigned")
        do {
            try await database.recordFiscalFailure(saleId: saleId, cause: cause, since: since)
        } catch {
            environment.logger.error("fiscal: the TSE outage for sale \(saleId) could not be recorded: \(error)")
        }
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try? decoder.decode(type, from: Data(text.utf8))
    }
}
