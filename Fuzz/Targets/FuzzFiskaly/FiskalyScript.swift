import Foundation
import FuzzSupport
import Networking

/// The answers the fuzzed network gives, in order, and what the well-formed ones said.
struct FiskalyScript: Sendable {
    var answers: [Result<Data, NetworkError>]
    /// The transaction answer's fields when it was built well-formed (for checking what the signer kept).
    var transaction: TransactionAnswer?
    var tss: TSSAnswer?

    static let validToken = Data(#"{"access_token":"T","access_token_expires_at":4102444800,"refresh_token":"R","refresh_token_expires_at":4102444800}"#.utf8)

    static let errors: [NetworkError] = [
        .timeout(path: "tx"), .offline, .connectionLost(path: "tx"), .unauthorized(nil), .forbidden(nil),
        .notFound(path: "tx", nil), .serverError(status: 503, nil), .unexpectedStatus(status: 409, nil),
        .rateLimited(retryAfter: nil), .malformedResponse(path: "tx", reason: "x"), .transport(code: 7, path: "tx"),
        .cancelled, .tlsFailure(host: "kassensichv.io", code: 1),
    ]

    static func make(_ input: inout FuzzInput, call: UInt8) -> FiskalyScript {
        var script = FiskalyScript(answers: [])
        // The token: usually valid; sometimes from the input (then it may be expired, unreadable or refused).
        if input.byte() < 224 {
            script.answers.append(.success(validToken))
        } else {
            script.answers.append(answer(&input) { .success(Data($0.awkwardText().utf8)) })
        }
        if call == 3 {
            var tss: TSSAnswer?
            let first = answer(&input) { input in
                let made = TSSAnswer.make(&input)
                tss = made
                return .success(made.json)
            }
            script.tss = tss
            script.answers.append(first)
            script.answers.append(answer(&input) { .success(ClientAnswer.make(&$0).json) })
        } else {
            var transaction: TransactionAnswer?
            let first = answer(&input) { input in
                let made = TransactionAnswer.make(&input)
                transaction = made
                return .success(made.json)
            }
            script.transaction = transaction
            script.answers.append(first)
        }
        // More answers for the retries after 401 (a fresh token, then the call again).
        for _ in 0..<Int(input.byte() % 3) {
            script.answers.append(answer(&input) { _ in .success(validToken) })
        }
        return script
    }

    /// An error, raw bytes, or what `wellFormed` builds.
    static func answer(_ input: inout FuzzInput, wellFormed: (inout FuzzInput) -> Result<Data, NetworkError>)
        -> Result<Data, NetworkError> {
        let selector = input.byte()
        if selector < 24 { return .failure(errors[Int(selector) % errors.count]) }
        if selector < 48 { return .success(Data(input.chunk())) }
        return wellFormed(&input)
    }
}

/// A number as fiskaly might send it: ordinary, zero, negative, huge, or a JSON value that is not an integer.
func awkwardNumber(_ input: inout FuzzInput) -> String {
    switch input.byte() % 10 {
    case 0: return "0"
    case 1: return "-1"
    case 2: return String(Int64.max)
    case 3: return String(Int64.min)
    case 4: return "1e300"
    case 5: return "1.5"
    case 6: return "null"
    case 7: return "\"12\""
    default: return String(input.signed(within: 1 << 36))
    }
}

/// A JSON string literal of awkward text (or `null`).
func awkwardString(_ input: inout FuzzInput) -> String {
    if input.byte() >= 250 { return "null" }
    let text = input.awkwardText()
    let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
    return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
}

/// `"key":value` pairs, some left out.
func object(_ input: inout FuzzInput, _ members: [(String, String)]) -> Data {
    let kept = members.filter { _ in input.byte() >= 16 }
    return Data(("{" + kept.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8)
}

struct TransactionAnswer: Sendable {
    var json: Data
    var text: String

    static func make(_ input: inout FuzzInput) -> TransactionAnswer {
        let signature = "{" + [
            "\"value\":\(awkwardString(&input))", "\"algorithm\":\(awkwardString(&input))",
            "\"counter\":\(awkwardNumber(&input))", "\"public_key\":\(awkwardString(&input))",
        ].joined(separator: ",") + "}"
        let log = "{\"operation\":\(awkwardString(&input)),\"timestamp\":\(awkwardNumber(&input)),\"timestamp_format\":\(awkwardString(&input))}"
        let data = object(&input, [
            ("_id", awkwardString(&input)), ("number", awkwardNumber(&input)), ("state", awkwardString(&input)),
            ("revision", awkwardNumber(&input)), ("client_id", awkwardString(&input)),
            ("client_serial_number", awkwardString(&input)), ("time_start", awkwardNumber(&input)),
            ("time_end", awkwardNumber(&input)), ("tss_serial_number", awkwardString(&input)), ("signature", signature),
            ("log", log), ("qr_code_data", awkwardString(&input)),
        ])
        return TransactionAnswer(json: data, text: String(decoding: data, as: UTF8.self))
    }
}

struct TSSAnswer: Sendable {
    var json: Data

    static func make(_ input: inout FuzzInput) -> TSSAnswer {
        let state = input.bool() ? "\"INITIALIZED\"" : awkwardString(&input)
        return TSSAnswer(json: object(&input, [
            ("_id", awkwardString(&input)), ("state", state), ("serial_number", awkwardString(&input)),
            ("public_key", awkwardString(&input)), ("signature_algorithm", awkwardString(&input)),
            ("signature_timestamp_format", awkwardString(&input)), ("bsi_certification_id", awkwardString(&input)),
        ]))
    }
}

struct ClientAnswer: Sendable {
    var json: Data

    static func make(_ input: inout FuzzInput) -> ClientAnswer {
        ClientAnswer(json: object(&input, [
            ("_id", awkwardString(&input)), ("serial_number", awkwardString(&input)), ("state", awkwardString(&input)),
            ("tss_id", awkwardString(&input)), ("time_creation", awkwardNumber(&input)),
        ]))
    }
}
