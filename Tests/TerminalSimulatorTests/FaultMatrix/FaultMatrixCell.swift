import Foundation

/// One cell of the card-reader fault matrix: a protocol, the step at which the line misbehaves, and how.
struct FaultMatrixCell: Hashable, Sendable, CustomStringConvertible {
    /// The protocol and its transport.
    enum Line: String, Hashable, Sendable, CaseIterable {
        case zvtTCP = "ZVT over TCP"
        case zvtSerial = "ZVT over serial"
        case concert = "Concert"

        /// The steps of one payment on this line, in the order they happen.
        var steps: [Step] {
            switch self {
            case .zvtTCP, .zvtSerial:
                [.registration, .authorizationSent, .intermediateStatus, .statusInformation, .printLines, .completion]
            case .concert: [.enquiry, .requestFrame, .awaitingAnswer, .answerReceived]
            }
        }
    }

    /// Where the fault hits: right after this message went over the line.
    enum Step: String, Hashable, Sendable {
        case registration = "Registration (06 00) sent"
        case authorizationSent = "Authorization (06 01) sent"
        case intermediateStatus = "Intermediate status (04 FF) received"
        case statusInformation = "Status Information (04 0F, the approval) received"
        case printLines = "Print line (06 D1) received"
        case completion = "Completion (06 0F) received"
        case enquiry = "ENQ sent"
        case requestFrame = "Request frame sent"
        case awaitingAnswer = "EOT sent, waiting for the answer"
        case answerReceived = "Answer frame received"
    }

    /// What goes wrong.
    enum Fault: String, Hashable, Sendable, CaseIterable {
        /// The terminal falls silent (both directions); the counter's timers run out on the injected clock.
        case timeout
        /// The line closes.
        case droppedLine = "dropped line"
        /// A damaged frame arrives (bad CRC or LRC; over TCP an APDU header announcing 64 KiB).
        case garbage
        /// The terminal rejects every frame from the counter (NAK; over TCP `84 9A 00`).
        case nakStorm = "NAK storm"
        /// `pos` dies: the driver is torn down, and a fresh one on a fresh connection resolves the journalled
        /// unknown outcome.
        case posKilled = "pos killed"
    }

    /// How a cell ends.
    enum EndState: String, Hashable, Sendable {
        case approved = "approved"
        case notCharged = "not charged"
        case unknownThenApproved = "unknown → approved"
        case unknownThenNotCharged = "unknown → not charged"
        /// Concert cannot ask the terminal: the counter keeps it unknown until the cashier checks the ticket.
        case unknownKept = "unknown (check terminal)"
        case notConnected = "not connected"
        case connected = "connected"
    }

    var line: Line
    var step: Step
    var fault: Fault

    var description: String { "\(line.rawValue): \(step.rawValue) × \(fault.rawValue)" }

    /// Every cell (or, to debug, those whose description contains `FAULT_MATRIX_ONLY`).
    static let all: [FaultMatrixCell] = Line.allCases.flatMap { line in
        line.steps.flatMap { step in Fault.allCases.map { FaultMatrixCell(line: line, step: step, fault: $0) } }
    }.filter { cell in
        guard let only = ProcessInfo.processInfo.environment["FAULT_MATRIX_ONLY"] else { return true }
        return cell.description.contains(only)
    }
}
