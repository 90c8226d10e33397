import Foundation
import Hardware
import Testing
@testable import Yosemite

/// The receipt view model answers Mustache by name (`child(named:)`, ReceiptViewModel+Mustache.swift) instead of
/// through a `Mirror`. Every stored property of every view-model type must answer what the mirror lookup answered
/// (an optional unwrapped, `nil` when empty), or a template would print nothing where it printed a value.
@Suite("Receipt view model names for Mustache")
struct ReceiptViewModelMustacheTests {
    /// Compares `answer(label)` with the mirror's value for every stored property of `value`.
    private func check<T>(_ value: T, _ answer: (String) -> Any?, sourceLocation: SourceLocation = #_sourceLocation) {
        let children = Mirror(reflecting: value).children
        #expect(!children.isEmpty, sourceLocation: sourceLocation)
        for child in children {
            guard let label = child.label else { continue }
            let expected = Self.unwrapped(child.value)
            #expect(String(describing: answer(label)) == String(describing: expected), "\(T.self).\(label)",
                    sourceLocation: sourceLocation)
        }
        #expect(answer("noSuchName") == nil, sourceLocation: sourceLocation)
    }

    /// What swift-mustache's mirror lookup returns for a child: the value an optional holds, or `nil`.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    @Test("every stored property of every view-model type answers as its mirror does")
    func everyPropertyAnswers() throws {
        let composer = ReceiptComposer(context: ReceiptSamples.context)
        var card = ReceiptSamples.sale(card: true)
        card.fiscal = .signed(ReceiptSampleRendering.fiscalSignature)
        let cash = ReceiptSamples.sale(card: false)
        let sale = composer.sale(card)
        let refund = composer.refund(card, amount: ReceiptSamples.cardResult(amount: 510).amount, reason: "stale",
                                     card: ReceiptSamples.cardResult(amount: 510))
        let endOfDay = composer.endOfDay([card, cash], day: ReceiptSamples.saleDate, printedAt: ReceiptSamples.saleDate)

        check(sale) { sale.child(named: $0) }
        check(sale.store) { sale.store.child(named: $0) }
        check(sale.order) { sale.order.child(named: $0) }
        let line = try #require(sale.lines.first)
        check(line) { line.child(named: $0) }
        check(sale.totals) { sale.totals.child(named: $0) }
        let coupon = try #require(sale.totals.coupons.first)
        check(coupon) { coupon.child(named: $0) }
        let tax = try #require(sale.totals.taxes.first)
        check(tax) { tax.child(named: $0) }
        let payment = try #require(sale.payments.first)
        check(payment) { payment.child(named: $0) }
        let cardPart = try #require(sale.cards.first)
        check(cardPart) { cardPart.child(named: $0) }
        let fiscal = try #require(sale.fiscal)
        check(fiscal) { fiscal.child(named: $0) }
        let signed = try #require(fiscal.signed)
        check(signed) { signed.child(named: $0) }
        let refundPart = try #require(refund.refund)
        check(refundPart) { refundPart.child(named: $0) }
        let day = try #require(endOfDay.endOfDay)
        check(day) { day.child(named: $0) }
    }
}
