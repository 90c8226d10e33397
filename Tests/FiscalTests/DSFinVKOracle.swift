import Foundation
import POSFoundation
import Subprocess
import SystemPackage
import Yosemite

/// The PyPI package `dsfinvk` (2.4.0), run through scripts/fiscal/dsfinvk_oracle.py in the venv
/// scripts/install-deps.sh builds (`POS_PYTHON_VENV`, else `~/.cache/pos/python-venv`).
enum DSFinVKOracle {
    static var python: URL {
        let venv = ProcessInfo.processInfo.environment["POS_PYTHON_VENV"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/pos/python-venv").path
        return URL(fileURLWithPath: venv).appendingPathComponent("bin/python")
    }

    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/fiscal/dsfinvk_oracle.py")
    }

    /// Whether the venv has `dsfinvk` (the test is skipped, saying so, when pip could not reach PyPI). Probed once.
    static var isAvailable: Bool {
        get async { await probe.value }
    }

    private static let probe = Task<Bool, Never> {
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
        return (try? await run([python.path, "-c", "import dsfinvk"]).status) == 0
    }

    /// Runs the oracle on `sales` (JSON) and returns the folder of CSV files it wrote.
    static func build(_ sales: Data, in folder: URL) async throws -> URL {
        let input = folder.appendingPathComponent("sales.json")
        try sales.write(to: input)
        let output = folder.appendingPathComponent("dsfinvk")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let result = try await run([python.path, script.path, input.path, output.path])
        guard result.status == 0 else {
            throw OracleError(message: "dsfinvk_oracle.py exited \(result.status): \(result.stderr)")
        }
        return output
    }

    struct OracleError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs a short child process to its end through swift-subprocess: its stderr is read and its exit awaited
    /// without holding a concurrency pool thread (two on a 2-core machine) while the Python interpreter works.
    private static func run(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
        let result = try await Subprocess.run(
            .path(FilePath(arguments[0])), arguments: Arguments(Array(arguments.dropFirst())),
            output: .discarded, error: .string(limit: 1 << 20))
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        return (status, result.standardError)
    }

    /// The JSON the oracle reads: the raw facts of `export`, with no totals (the oracle derives its own).
    static func salesJSON(_ export: DSFinVKExport, offsets: (Date) -> String) throws -> Data {
        func amount(_ money: Money) -> String { money.decimalString }
        let closings: [[String: Any]] = export.closings.map { closing in
            [
                "number": closing.number, "created": offsets(closing.createdAt),
                "booking_day": String(offsets(closing.bookingDay).prefix(10)),
                "receipts": closing.receipts.map { receipt -> [String: Any] in
                    var tse: Any = NSNull()
                    if let s = receipt.signature {
                        tse = [
                            "number": s.transactionNumber, "start": Int(s.startTime.timeIntervalSince1970),
                            "end": Int(s.endTime.timeIntervalSince1970), "process_type": s.processType,
                            "counter": s.signatureCounter, "signature": s.signature, "process_data": s.processData,
                        ] as [String: Any]
                    }
                    return [
                        "id": receipt.id, "number": receipt.number, "type": receipt.type.rawValue,
                        "storno": receipt.isCancellation, "start": offsets(receipt.start), "end": offsets(receipt.end),
                        "operator_id": receipt.operatorID, "operator_name": receipt.operatorName,
                        "tse": tse, "tse_error": receipt.tseError, "note": receipt.note,
                        "lines": receipt.lines.map { line -> [String: Any] in
                            var object: [String: Any] = [
                                "line": line.lineNumber, "text": line.text, "gv_typ": line.businessCase,
                                "art_nr": line.articleNumber, "gtin": line.gtin, "quantity": "\(line.quantity)",
                                "unit": line.unit, "unit_price": amount(line.unitPriceGross),
                                "rate_key": line.vatRate.dsfinvkKey, "gross": amount(line.gross),
                                "net": amount(line.net), "vat": amount(line.vat),
                            ]
                            if let discount = line.discount {
                                object["discount"] = ["gross": amount(discount.gross), "net": amount(discount.net),
                                                      "vat": amount(discount.vat)]
                            }
                            return object
                        },
                        "payments": receipt.payments.map { payment -> [String: Any] in
                            var object: [String: Any] = ["type": payment.type, "name": payment.name,
                                                         "amount": amount(payment.amount)]
                            if let foreign = payment.foreignAmount {
                                object["foreign_code"] = foreign.currency.code
                                object["foreign_amount"] = amount(foreign)
                            }
                            return object
                        },
                    ]
                },
            ]
        }
        let company = export.company, place = export.location, till = export.cashRegister, tse = export.tse
        let object: [String: Any] = [
            "company": ["name": company.name, "street": company.street, "zip": company.postalCode, "city": company.city,
                        "country": company.country, "tax_number": company.taxNumber, "vat_id": company.vatID],
            "location": ["name": place.name, "street": place.street, "zip": place.postalCode, "city": place.city,
                         "country": place.country, "vat_id": place.vatID],
            "register": ["id": till.id, "brand": till.brand, "model": till.model, "serial": till.serialNumber,
                         "sw_brand": till.softwareBrand, "sw_version": till.softwareVersion,
                         "currency": till.baseCurrency.code],
            "tse": ["id": tse.id, "serial": tse.identity.serial, "algorithm": tse.identity.algorithm,
                    "time_format": tse.identity.timeFormat, "public_key": tse.identity.publicKey,
                    "certificate": tse.certificate],
            "closings": closings,
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
