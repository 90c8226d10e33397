import Foundation
import Localization
import Logging
import POSFoundation
import Storage

/// The TSE for what happens at the till beside sales (KassenSichV: every Vorgang is recorded by the TSE).
///
/// A refund is its own TSE transaction (`Kassenbeleg-V1`, Vorgangstyp `Beleg`) with negative gross amounts per VAT
/// rate (the order's split, pro rata for a partial refund) and a negative payment, `Bar` for cash, `Unbar` for a
/// card. Journal first like a sale: the row (with what is signed) is written before StartTransaction, each
/// answer recorded after; ``settleMovements()`` repeats what a crash left; a failure marks the row `failed` in the
/// open outage, never signed afterwards. The refund itself is never stopped by the TSE.
extension FiscalCheckout {
    /// A refund was recorded (its outbox entry is durable): sign it as its own transaction.
    func refundRecorded(orderId: Int64, outboxEntryId: Int64?, amount: Money, cash: Bool) async {
        do {
            guard let entryId = outboxEntryId,
                  let reference = try await database.outboxEntityId(entryId: entryId) else {
                environment.logger.error("fiscal: the refund of order \(orderId) has no outbox record to sign it by")
                return
            }
            await number(.refund, reference: reference)
            guard let signer else { return }
            let receipt = try await refundReceiptData(orderId: orderId, amount: amount, cash: cash)
            await movement(FiscalMovementRecord(
                kind: .refund, reference: reference, orderId: orderId,
                tseTransactionId: environment.uuid.client().description, mode: mode.rawValue,
                receiptData: Self.encode(receipt), createdAt: environment.now()), signer)
        } catch {
            environment.logger.error("fiscal: order \(orderId)'s refund could not be journaled: \(error)")
        }
    }

    /// A cash movement was recorded (the float, cash in, cash out): sign it as a `Beleg` with no VAT amounts and
    /// only the cash payment (`amount` signed: negative for cash out).
    func cashMovement(_ kind: FiscalMovementRecord.Kind, reference: String, shiftId: Int64, amount: Money) async {
        await number(kind, reference: reference)
        guard let signer else { return }
        let receipt = FiscalReceiptData(type: .beleg, amountsPerVATRate: [:],
                                        payments: [FiscalPayment(kind: .cash, amount: amount)])
        await movement(FiscalMovementRecord(
            kind: kind, reference: reference, shiftId: shiftId, tseTransactionId: environment.uuid.client().description,
            mode: mode.rawValue, receiptData: Self.encode(receipt), createdAt: environment.now()), signer)
    }

    /// A "no sale" drawer open was logged: sign it as its own Vorgang (`AVSonstige`, no amounts, no payment).
    func drawerOpened(reference: String, shiftId: Int64) async {
        await number(.drawerOpen, reference: reference)
        guard let signer else { return }
        let receipt = FiscalReceiptData(type: .other, amountsPerVATRate: [:], payments: [])
        await movement(FiscalMovementRecord(
            kind: .drawerOpen, reference: reference, shiftId: shiftId,
            tseTransactionId: environment.uuid.client().description, mode: mode.rawValue,
            receiptData: Self.encode(receipt), createdAt: environment.now()), signer)
    }

    /// Numbers a recorded fiscal transaction in the register's receipt series (with or without a TSE): one series
    /// for every Vorgang of the register, unique and gap-free.
    private func number(_ kind: FiscalMovementRecord.Kind, reference: String) async {
        do {
            try await database.numberFiscalTransaction(kind, reference: reference, registerId: RegisterIdentity.current(environment))
        } catch {
            environment.logger.error("fiscal: the \(kind.rawValue) \(reference) could not be numbered: \(error)")
        }
    }

    /// Journals and signs a movement, numbered in the register's receipt series as it is journaled; the TSE is
    /// tried at most once per probe interval while an outage is open.
    func movement(_ movement: FiscalMovementRecord, _ signer: any FiscalSigner) async {
        do {
            let row = try await database.journalFiscalMovement(movement, registerId: RegisterIdentity.current(environment))
            guard let id = row.id, row.state == .starting else { return }
            if let outage = try await database.openFiscalOutage(),
               !environment.fiscalProbe.claimAttempt(on: environment.clock) {
                try await database.recordFiscalMovementFailure(id: id, cause: outage.cause, since: outage.startedAt)
                return
            }
            await sign(row, signer)
        } catch {
            environment.logger.error("fiscal: a \(movement.kind.rawValue) could not be journaled: \(error)")
        }
    }

    /// Settles the movements a crash left half done: a start is repeated (the same TSE transaction id brings back
    /// the same transaction), a finish repeated with the journaled data; a signature is recorded once.
    func settleMovements() async {
        guard let signer else { return }
        guard let rows = try? await database.unsettledFiscalMovements(), !rows.isEmpty else { return }
        for row in rows {
            await sign(row, signer)
            environment.logger.notice("fiscal: settled \(row.kind.rawValue) \(row.reference)'s TSE transaction after a restart")
        }
    }

    /// The receipt data of a refund: the order's gross amounts per VAT rate scaled to the refunded amount
    /// (rounding left on the largest rate, so the rates sum to the refund), negative, and the negative payment.
    func refundReceiptData(orderId: Int64, amount: Money, cash: Bool) async throws -> FiscalReceiptData {
        guard let data = try await ReceiptRepository(database: database).orderData(orderID: orderId) else {
            throw SaleWriteError.notFound("order \(orderId)")
        }
        let sale = FiscalOrderMapping.receiptData(lines: data.lines, taxes: data.taxes, payments: data.payments,
                                                  currency: data.order.totalMoney.currency)
        return Self.refundReceiptData(sale: sale, amount: amount, cash: cash)
    }

    /// The refund's data from the sale's: pure, for tests.
    static func refundReceiptData(sale: FiscalReceiptData, amount: Money, cash: Bool) -> FiscalReceiptData {
        let total = sale.amountsPerVATRate.values.reduce(Int64(0)) { $0 + $1.minorUnits }
        var perRate: [FiscalVATRate: Money] = [:]
        let rates = FiscalVATRate.allCases.filter { (sale.amountsPerVATRate[$0]?.minorUnits ?? 0) != 0 }
        if total == 0 || rates.isEmpty {
            perRate[.normal] = -amount
        } else {
            var assigned: Int64 = 0
            for rate in rates {
                let gross = sale.amountsPerVATRate[rate]?.minorUnits ?? 0
                let share = RoundingRule.halfUp.mulDiv(gross, amount.minorUnits, total)
                perRate[rate] = Money(minorUnits: share, currency: amount.currency)
                assigned += share
            }
            let largest = rates.max { abs(sale.amountsPerVATRate[$0]?.minorUnits ?? 0) < abs(sale.amountsPerVATRate[$1]?.minorUnits ?? 0) }
            if let largest, let current = perRate[largest] {
                perRate[largest] = Money(minorUnits: current.minorUnits + amount.minorUnits - assigned, currency: amount.currency)
            }
            perRate = perRate.mapValues { -$0 }
        }
        return FiscalReceiptData(type: .beleg, amountsPerVATRate: perRate,
                                 payments: [FiscalPayment(kind: cash ? .cash : .nonCash, amount: -amount)])
    }

    private func sign(_ journaled: FiscalMovementRecord, _ signer: any FiscalSigner) async {
        guard let id = journaled.id else { return }
        var row = journaled
        do {
            if row.state == .starting {
                let request = FiscalStartRequest(saleID: row.tseTransactionId, mode: FiscalMode(rawValue: row.mode) ?? .live)
                let transaction = try await signer.start(request)
                try await database.recordFiscalMovementStarted(id: id, transaction: Self.encode(transaction))
                row.state = .active
            }
            guard let marked = try await database.markFiscalMovementFinishing(id: id), marked.state == .finishing,
                  let transaction = marked.transaction.flatMap({ Self.decode(FiscalTransaction.self, $0) }),
                  let receipt = Self.decode(FiscalReceiptData.self, marked.receiptData) else { return }
            let signature = try await signer.finish(transaction, receipt: receipt)
            try await database.recordFiscalMovementSignature(id: id, signature: Self.encode(signature))
        } catch let error as FiscalError {
            environment.fiscalProbe.noteAttempt(on: environment.clock)
            // Stored as a code, rendered in the language of the document it appears on.
            let cause = error.outage?.cause ?? FiscalCause(error).stored
            environment.logger.warning(
                "fiscal: the TSE failed for \(row.kind.rawValue) \(row.reference): \(FiscalCause.text(of: cause, in: .of(.english))); it goes on unsigned")
            do {
                try await database.recordFiscalMovementFailure(id: id, cause: cause, since: error.outage?.since ?? environment.now())
            } catch {
                environment.logger.error("fiscal: the TSE outage for \(row.kind.rawValue) \(row.reference) could not be recorded: \(error)")
            }
        } catch {
            environment.logger.error("fiscal: \(row.kind.rawValue) \(row.reference)'s TSE call could not be recorded: \(error)")
        }
    }
}
