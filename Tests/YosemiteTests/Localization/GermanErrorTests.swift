import Foundation
import Localization
import POSFoundation
import Testing
@testable import Yosemite

/// The errors `pos` prints and the counter shows, and the reasons built in code that they carry, read in
/// German when the screen is German (and stay English otherwise: the other suites compare the English texts).
struct GermanErrorTests {
    @Test func errors_germanScreen_readInGermanWithTheirNextStep() {
        L10n.withLanguage(.german) {
            // Given / When / Then
            #expect(OrderError.emptyCart.description == "Der Warenkorb ist leer. Mindestens einen Artikel hinzufügen.")
            #expect(ShiftError.alreadyOpen(shiftId: 7).message == "Schicht 7 ist schon offen.")
            #expect(ShiftError.noOpenShift.recoverySuggestion == "Eine mit gezähltem Wechselgeld öffnen: pos shift open --float 100,00.")
            #expect(CashierError.approvalRequired(.refund).message == "Freigabe mit der PIN der Leitung nötig: eine Erstattung.")
            #expect(FiscalError.notConfigured.message == "Für diese Kasse ist keine TSE eingerichtet.")
            #expect(OrderEmailError.demo.message == "Der Demo-Shop kann keine E-Mails senden.")
            #expect(CustomerError.notFound("Meier", knownCustomers: 3).message == "kein Kunde passt zu „Meier“")
            #expect(AppSettingsError.invalid("x").recoverySuggestion == "Belegbreiten sind 32, 42 oder 48 Zeichen.")
        }
        // The process's language stays English beside the German task.
        #expect(OrderError.emptyCart.description == "The cart is empty. Add at least one item.")
    }

    @Test func wrongPinAndLock_germanScreen_countInGerman() {
        L10n.withLanguage(.german) {
            #expect(CashierError.wrongPin(name: "Ana", attemptsLeft: 1).message
                == "Falsche PIN für Ana; noch 1 falscher Versuch sperrt das Konto.")
            #expect(CashierError.wrongPin(name: "Ana", attemptsLeft: 3).message
                == "Falsche PIN für Ana; noch 3 falsche Versuche sperren das Konto.")
            #expect(CashierError.locked(name: "Ana", minutes: 15).recoverySuggestion.hasSuffix("nach 15 Minuten von selbst."))
        }
        #expect(CashierError.wrongPin(name: "Ana", attemptsLeft: 1).message == "Wrong PIN for Ana; 1 more wrong try locks it.")
    }

    @Test func reasonsBuiltInCode_germanScreen_readInGerman() {
        // Given a coupon only for use alone, beside another
        let line = TotalsInput.Line(productId: 10, categoryIds: [5], quantity: 1, unitPrice: PreciseAmount(micros: 2_500_000))
        let input = TotalsInput(lines: [line], decimals: 2, pricesIncludeTax: false, roundAtSubtotal: false,
                                taxes: TaxCalculator(rates: [], calculateTaxes: true, country: "DE"))
        var solo = CouponRule(code: "solo", kind: .percent, amount: PreciseAmount(micros: 10_000_000))
        solo.individualUse = true
        let other = CouponRule(code: "other", kind: .percent, amount: PreciseAmount(micros: 10_000_000))
        L10n.withLanguage(.german) {
            // When
            var refusal: OrderError?
            do throws(OrderError) { try CouponValidator(input: input, now: Date(), currency: .eur).validate([other, solo]) } catch { refusal = error }
            // Then
            #expect(refusal?.message == "Der Gutschein solo kann nicht eingelöst werden: er lässt sich nicht mit anderen Gutscheinen kombinieren.")
            // And a bad setting value, as the settings screen and `pos settings` say it
            var settings = AppSettings()
            #expect(settings.set(.customerDisplay, to: "maybe") == "customer-display ist on oder off")
            #expect(settings.set(.scale, to: "nope") == "nope ist keine Adresse einer Waage (scale+serial:///dev/ttyUSB2)")
            // And the sale's refusal of a step, as the counter and pos cart/sell show it inside OrderError.saleRefused
            var checkout = Checkout(currency: .eur)
            #expect(throws: CheckoutRefusal(state: .open, reason: "der Warenkorb ist leer")) {
                _ = try checkout.handle(.tenderCash(Money(minorUnits: 500, currency: .eur)))
            }
            #expect(OrderError.saleRefused("der Warenkorb ist leer").message
                == "Der Verkauf lässt diesen Schritt nicht zu: der Warenkorb ist leer.")
        }
    }
}
