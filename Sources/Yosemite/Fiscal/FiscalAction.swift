import Foundation

/// The till's fiscal side for the command line: TSE status, the DSFinV-K export, and what no export covers yet.
public enum FiscalAction: Action {
    public typealias Failure = FiscalServiceError

    /// The TSE (serial, key, algorithm), its state, an open outage and what was signed.
    case loadStatus(reply: Reply<FiscalStatus>)
    /// What the tax office notification (§146a Abs. 4 AO, ELSTER) asks about this till's registers and TSE.
    case loadNotification(reply: Reply<FiscalNotification>)
    /// The time zone export days are counted in (the receipts').
    case loadExportTimeZone(reply: Reply<TimeZone>)
    /// Writes the DSFinV-K export of the closings from `from` up to (not including) `to` into `directory`.
    case writeExport(from: Date, to: Date, directory: URL, reply: Reply<FiscalExportSummary>)
    /// The sales, refunds and cash movements of the TSE journal that no `pos fiscal export` covered.
    case loadUnexported(reply: Reply<UnexportedFiscalRecords>)
}
