/// A message from the terminal (PT) to the counter (ECR), parsed from its APDU.
///
/// Related spec: ZVT PA00P015 chapter 3 "PT commands"; reference/zvt.md "Commands".
public enum ZVTTerminalMessage: Hashable, Sendable {
    /// 80 00 00: the terminal accepted our command.
    case acknowledgement
    /// 84 xx 00: the terminal refused our command with an error code.
    case negativeAcknowledgement(ZVTResultCode)
    /// 04 FF: a prompt for the cardholder.
    case intermediateStatus(ZVTIntermediateStatus)
    /// 04 0F: the transaction report.
    case statusInformation(ZVTStatusInformation)
    /// 06 D1: one receipt line.
    case printLine(ZVTPrintLine)
    /// 06 D3: a whole receipt.
    case printTextBlock(ZVTPrintTextBlock)
    /// 06 0F: the terminal is done.
    case completion(ZVTCompletion)
    /// 06 1E: the terminal aborted with a result code.
    case abort(ZVTResultCode)
    /// Any other APDU; the counter answers `84 83 00` (function not possible).
    case unsupported(ZVTAPDU)

    /// Parses an APDU from the terminal.
    ///
    /// - Throws: ``ZVTProtocolError`` when a known message's data is malformed.
    public init(apdu: ZVTAPDU) throws(ZVTProtocolError) {
        switch apdu.command {
        case .acknowledgement: self = .acknowledgement
        case _ where apdu.class == 0x84: self = .negativeAcknowledgement(ZVTResultCode(rawValue: apdu.instruction))
        case .intermediateStatus: self = .intermediateStatus(try ZVTIntermediateStatus(data: apdu.data))
        case .statusInformation: self = .statusInformation(ZVTStatusInformation(data: apdu.data))
        case .printLine: self = .printLine(try ZVTPrintLine(data: apdu.data))
        case .printTextBlock: self = .printTextBlock(try ZVTPrintTextBlock(data: apdu.data))
        case .completion: self = .completion(ZVTCompletion(data: apdu.data))
        case .abort:
            guard let code = apdu.data.first else { throw .malformedMessage("06 1E without a result code") }
            self = .abort(ZVTResultCode(rawValue: code))
        default: self = .unsupported(apdu)
        }
    }
}
