import FuzzSupport
import Hardware
import POSFoundation

/// A transaction state machine that runs one command and takes every APDU the fuzzer found as the terminal's.
struct ZVTFuzzMachine {
    private var machine = ZVTTransactionStateMachine(currency: .eur)
    private let command: ZVTCommand
    private var requested = Money(minorUnits: 1_250, currency: .eur)

    init(seed: UInt8) {
        let password = ZVTPassword("000000")!
        command = switch seed % 5 {
        case 0: .authorization(ZVTAuthorization(amount: requested))
        case 1: .refund(password: password, amount: requested)
        case 2: .reversal(password: password, receiptNumber: 815)
        case 3: .statusEnquiry(password: password, serviceByte: nil)
        default: .endOfDay(password: password)
        }
        check(try? machine.start(command))
    }

    /// Parses an APDU as a terminal message and feeds it; restarts the command once the exchange ends.
    mutating func feed(_ apdu: ZVTAPDU) {
        if let message = try? ZVTTerminalMessage(apdu: apdu) { checkMessage(message) }
        check(machine.received(apdu))
        if machine.isIdle {
            check(try? machine.start(command))
        }
        if apdu.data.count % 7 == 3 { check(machine.timerFired(.completion)) }
    }

    private func checkMessage(_ message: ZVTTerminalMessage) {
        switch message {
        case .statusInformation(let info):
            if let amount = info.amount(fallbackCurrency: .eur) {
                fuzzCheck(amount.minorUnits >= 0, "a terminal amount is negative")
            }
            checkPayment(info.paymentResult(requestedAmount: requested))
        default:
            break
        }
    }

    private func check(_ actions: [ZVTTransactionStateMachine.Action]?) {
        for action in actions ?? [] {
            switch action {
            case .complete(let outcome):
                if let payment = outcome.payment { checkPayment(payment) }
            case .emitPrintLine(let line):
                fuzzCheck(!line.text.contains { $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false },
                          "a terminal print line carries a control character")
            default:
                break
            }
        }
    }

    private func checkPayment(_ payment: PaymentResult) {
        fuzzCheck(payment.amount.minorUnits >= 0, "a payment amount is negative")
        if let pan = payment.maskedPAN { ZVTFuzzStreams.checkMaskedPAN(pan) }
        let texts = [payment.cardName, payment.terminalID, payment.merchantID, payment.approvalCode,
                     payment.applicationID, payment.applicationName].compactMap { $0 } + payment.slipLines
        fuzzCheck(!texts.contains { $0.contains { $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false } },
                  "a payment result's text carries a control character")
    }
}
