import Foundation
import Synchronization
import TSESimulator
import WooTestServer

extension FiskalyTestServer {
    /// `PUT /tss/{tss_id}/tx/{tx_id}?tx_revision=N`: ACTIVE (start or update), FINISHED or CANCELLED.
    func putTransaction(id: String, revision revisionText: String?, body: [String: Any]) -> HTTPResponse {
        guard let revisionText, let revision = Int(revisionText), revision >= 1 else {
            return Self.error(400, "E_BAD_REQUEST", "tx_revision is required")
        }
        guard state.withLock({ $0.tssState }) == "INITIALIZED" else {
            return Self.error(400, "E_TSS_NOT_INITIALIZED", "The TSS is not initialized")
        }
        guard let clientID = body["client_id"] as? String,
              let client = state.withLock({ $0.clients[clientID] }), client.state == "REGISTERED" else {
            return Self.error(400, "E_CLIENT_NOT_REGISTERED", "The client is not registered on this TSS")
        }
        guard let target = body["state"] as? String, ["ACTIVE", "FINISHED", "CANCELLED"].contains(target) else {
            return Self.error(400, "E_BAD_REQUEST", "state must be ACTIVE, FINISHED or CANCELLED")
        }
        let existing = state.withLock { $0.transactions[id] }
        let expected = (existing?.revision ?? 0) + 1
        guard revision == expected else {
            return Self.error(409, "E_CONFLICT", "tx_revision must be \(expected)")
        }
        if let existing, existing.state != "ACTIVE" {
            return Self.error(400, "E_TX_ALREADY_FINISHED", "The transaction is \(existing.state)")
        }
        if existing == nil, target != "ACTIVE" {
            return Self.error(400, "E_TX_NOT_STARTED", "A transaction starts ACTIVE")
        }
        let processType = "Kassenbeleg-V1"
        let processData = Self.processData(schema: body["schema"], cancelled: target == "CANCELLED")
        let log: SimulatedTSE.Log
        do {
            if let existing {
                log = target == "ACTIVE"
                    ? try tse.updateTransaction(number: existing.number, clientID: client.serialNumber,
                                                processType: processType, processData: Data(processData.utf8))
                    : try tse.finishTransaction(number: existing.number, clientID: client.serialNumber,
                                                processType: processType, processData: Data(processData.utf8))
            } else {
                log = try tse.startTransaction(clientID: client.serialNumber)
            }
        } catch SimulatedTSE.Failure.down {
            return Self.error(503, "E_TSS_UNAVAILABLE", "The TSS is not reachable")
        } catch {
            return Self.error(400, "E_TSE", "\(error)")
        }
        let time = Int(log.logTime.timeIntervalSince1970)
        let tx = ServerState.Transaction(
            clientID: clientID, number: log.transactionNumber, revision: revision, state: target,
            timeStart: existing?.timeStart ?? time, timeEnd: target == "ACTIVE" ? nil : time, lastLog: log,
            processType: processType, processData: existing == nil ? "" : processData)
        state.withLock { $0.transactions[id] = tx }
        return Self.json(200, transactionJSON(id: id, tx, clientSerial: client.serialNumber))
    }

    private func transactionJSON(id: String, _ tx: ServerState.Transaction, clientSerial: String) -> [String: Any] {
        var object: [String: Any] = [
            "_id": id, "_type": "TRANSACTION", "number": tx.number, "state": tx.state, "revision": tx.revision,
            "latest_revision": tx.revision, "client_id": tx.clientID, "client_serial_number": clientSerial,
            "tss_id": tssID, "tss_serial_number": tse.serialNumberHex, "time_start": tx.timeStart,
            "signature": [
                "value": tx.lastLog.signature.base64EncodedString(), "algorithm": SimulatedTSE.algorithm,
                "counter": tx.lastLog.signatureCounter, "public_key": tse.publicKeyBase64,
            ] as [String: Any],
            "log": [
                "operation": tx.lastLog.message.operation.rawValue, "timestamp": tx.lastLog.message.logTime,
                "timestamp_format": SimulatedTSE.timeFormat,
            ] as [String: Any],
        ]
        if let end = tx.timeEnd {
            object["time_end"] = end
            object["qr_code_data"] = [
                "V0", clientSerial, tx.processType, tx.processData, String(tx.number),
                String(tx.lastLog.signatureCounter), Self.isoTime(tx.timeStart), Self.isoTime(end),
                SimulatedTSE.algorithm, SimulatedTSE.timeFormat, tx.lastLog.signature.base64EncodedString(),
                tse.publicKeyBase64,
            ].joined(separator: ";")
        }
        return object
    }

    /// The DSFinV-K processData for a `standard_v1.receipt`, as the TSS builds it from the schema.
    static func processData(schema: Any?, cancelled: Bool) -> String {
        let receipt = ((schema as? [String: Any])?["standard_v1"] as? [String: Any])?["receipt"] as? [String: Any]
        let types = ["RECEIPT": "Beleg", "CANCELLATION": "AVBelegstorno", "ABORT": "AVBelegabbruch",
                     "TRAINING": "AVTraining", "TRANSFER": "AVTransfer", "INVOICE": "AVRechnung", "OTHER": "AVSonstige"]
        let type = (receipt?["receipt_type"] as? String).flatMap { types[$0] } ?? (cancelled ? "AVBelegabbruch" : "Beleg")
        var perRate: [String: String] = [:]
        for entry in receipt?["amounts_per_vat_rate"] as? [[String: Any]] ?? [] {
            if let rate = entry["vat_rate"] as? String, let amount = entry["amount"] as? String { perRate[rate] = amount }
        }
        let rates = ["NORMAL", "REDUCED_1", "SPECIAL_RATE_1", "SPECIAL_RATE_2", "NULL"].map { perRate[$0] ?? "0.00" }
        let payments = (receipt?["amounts_per_payment_type"] as? [[String: Any]] ?? []).map { entry -> String in
            let kind = entry["payment_type"] as? String == "CASH" ? "Bar" : "Unbar"
            let amount = entry["amount"] as? String ?? "0.00"
            let currency = entry["currency_code"] as? String ?? "EUR"
            return currency == "EUR" ? "\(amount):\(kind)" : "\(amount):\(kind):\(currency)"
        }
        return "\(type)^\(rates.joined(separator: "_"))^\(payments.joined(separator: "_"))"
    }

    static func isoTime(_ unixSeconds: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(unixSeconds)))
    }
}
