import Foundation
import Hardware
import TerminalSimulator

/// A cell of the fault matrix where the terminal itself misbehaves (terminals we did not write), played
/// byte for byte by the simulator's script on TCP and on the serial line.
struct TerminalFaultCell: Hashable, Sendable, CustomStringConvertible {
    /// What the terminal does wrong.
    enum Fault: String, Hashable, Sendable, CaseIterable {
        case unknownFieldThenSilence = "Final status (04 0F) with an unknown field, then silence"
        case silenceAfterAcknowledgement = "Silence after the acknowledgement, nothing booked"
        case silenceAfterAcknowledgementBooked = "Silence after the acknowledgement, payment booked"
        case silenceAfterAcknowledgementDeaf = "Silence after the acknowledgement, abort never answered, nothing booked"
        case silenceAfterStatus = "Silence after the final status (04 0F)"
        case truncatedFrame = "Final status (04 0F) cut short (its length promises more bytes), then silence"

        /// The simulator's script step.
        var outcome: TerminalScript.Outcome {
            switch self {
            case .unknownFieldThenSilence: .unknownFieldThenSilence
            case .silenceAfterAcknowledgement: .silentAfterAcknowledge
            case .silenceAfterAcknowledgementBooked: .silentAfterAcknowledgeCharged
            case .silenceAfterAcknowledgementDeaf: .silentAfterAcknowledgeIgnoringAbort
            case .silenceAfterStatus: .silentAfterStatus
            case .truncatedFrame: .truncatedFrame
            }
        }

        /// The longest the counter's clock may run from the terminal's last byte to the end of the payment, settling
        /// included (the terminal answers Status Enquiry and Repeat Receipt at once): the silence limit, plus T3
        /// where the counter's abort goes unanswered.
        func endsWithin(_ timeouts: ZVTTimeouts) -> Duration {
            switch self {
            case .unknownFieldThenSilence, .silenceAfterStatus: timeouts.completionAfterStatus
            case .silenceAfterAcknowledgement: timeouts.silenceAfterAcknowledge
            case .silenceAfterAcknowledgementBooked, .silenceAfterAcknowledgementDeaf, .truncatedFrame:
                timeouts.silenceAfterAcknowledge + timeouts.acknowledge
            }
        }

        /// True when the silence starts before any result, so the counter's silence limit and abort apply.
        var isSilentBeforeResult: Bool {
            [.silenceAfterAcknowledgement, .silenceAfterAcknowledgementBooked, .silenceAfterAcknowledgementDeaf].contains(self)
        }

        /// True when the terminal acknowledges the counter's abort and never answers it with 06 1E.
        var ignoresAbort: Bool { self == .silenceAfterAcknowledgementBooked || self == .silenceAfterAcknowledgementDeaf }
    }

    /// The lines a terminal fault is played on.
    static let lines: [FaultMatrixCell.Line] = [.zvtTCP, .zvtSerial]

    var line: FaultMatrixCell.Line
    var fault: Fault

    var description: String { "\(line.rawValue): \(fault.rawValue)" }

    /// Every cell (or, to debug, those whose description contains `FAULT_MATRIX_ONLY`).
    static let all: [TerminalFaultCell] = lines.flatMap { line in
        Fault.allCases.map { TerminalFaultCell(line: line, fault: $0) }
    }.filter { cell in
        guard let only = ProcessInfo.processInfo.environment["FAULT_MATRIX_ONLY"] else { return true }
        return cell.description.contains(only)
    }
}
