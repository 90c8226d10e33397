import Foundation
import Networking
import Testing
import Yosemite

/// Inputs found by `scripts/fuzz.sh FuzzFiskaly` (FiskalySigner over FiskalyRemote over a scripted network),
/// kept as regression tests.
struct FiskalyFuzzRegressionTests {
    /// `FiscalCause(NetworkError.offline)` wrote `self.init(.offline)`, which named `NetworkError.offline` again
    /// and recursed until the stack overflowed: the till crashed whenever fiskaly could not be reached offline.
    @Test func cause_ofOfflineNetwork_isTheOfflineCode() {
        #expect(FiscalCause(NetworkError.offline) == FiscalCause(FiscalCause.Code.offline))
    }

    @Test(arguments: [
        (NetworkError.timeout(path: "tx"), FiscalCause.Code.timeout),
        (.connectionLost(path: "tx"), .connectionLost),
        (.rateLimited(retryAfter: nil), .rateLimited),
        (.unauthorized(nil), .unauthorized),
        (.cancelled, .noAnswer),
    ])
    func cause_ofEachNetworkFailure_isItsCode(error: NetworkError, code: FiscalCause.Code) {
        #expect(FiscalCause(error) == FiscalCause(code))
    }
}
