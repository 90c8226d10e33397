import Foundation
import POSFoundation

/// The technical security element (TSE) a German till signs every sale with (§146a AO, KassenSichV, BSI TR-03151).
///
/// The checkout drives it: ``start(_:)`` when a sale opens, ``update(_:receipt:)`` when the rules ask for it,
/// ``finish(_:receipt:)`` with the receipt data once the sale is paid, or ``cancel(_:kind:)`` when the sale is
/// voided or abandoned (`AVBelegabbruch`). Each call that signs returns the TSE's answer as a ``FiscalSignature``,
/// whose fields the receipt and the DSFinV-K export carry.
///
/// When the TSE cannot be reached a call throws ``FiscalError/outage(_:)``: the sale still completes and is
/// recorded with the outage, and it is never signed afterwards.
///
/// Conformers: the demo store's in-process TSE simulator (`TSESimulator`) and ``FiskalySigner`` (fiskaly's cloud
/// TSE, SIGN DE API v2).
public protocol FiscalSigner: Sendable {
    /// Starts a TSE transaction for a sale that has just opened (TR-03151 StartTransaction).
    func start(_ request: FiscalStartRequest) async throws(FiscalError) -> FiscalTransaction

    /// Records the sale's current state in its open transaction (TR-03151 UpdateTransaction).
    func update(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError) -> FiscalTransaction

    /// Finishes the transaction with the paid sale's receipt data and returns the signature for the receipt.
    func finish(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError) -> FiscalSignature

    /// Finishes a voided, parked-and-dropped or abandoned sale's transaction as `kind` (e.g. `AVBelegabbruch`),
    /// with no amounts.
    func cancel(_ transaction: FiscalTransaction, kind: FiscalReceiptType) async throws(FiscalError) -> FiscalSignature

    /// The TSE's identity: serial, public key, algorithm and time format (for `pos fiscal status` and Stamm_TSE).
    func identity() async throws(FiscalError) -> FiscalTSEIdentity
}
