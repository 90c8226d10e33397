import Foundation
import TSESimulator
import Yosemite

/// A demo-store signer on a fresh simulated TSE.
enum SimulatedFiscalSignerFactory {
    static func make(now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_000_000) })
        -> SimulatedFiscalSigner {
        SimulatedFiscalSigner(tse: SimulatedTSE(now: now), clientSerial: "POS-TILL-1", now: now)
    }
}
