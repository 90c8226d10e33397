import Foundation
import Hardware
import Localization
import POSFoundation
import Storage

/// Turns stored orders and card results into ``ReceiptViewModel``s: every amount formatted, every date in the
/// store's time zone. Pure: no database, no clock.
public struct ReceiptComposer: Sendable {
    /// The header, format, cashier, time zone and footer.
    public var context: ReceiptContext

    /// Creates a composer.
    public init(context: ReceiptContext) {
        self.context = context
    }

    /// The sale receipt of an order, with the card part of each card payment.
    public func sale(_ data: ReceiptOrderData, copy: Bool = false) -> ReceiptViewModel {
        let order = data.order
        let cashPaid = data.payments.contains { $0.method == .cash }
        let t = context.strings
        let fiscal = data.fiscal.map { Self.fiscal($0, strings: t, time: context.dateTimeWithSeconds) }
        var model = ReceiptViewModel(
            store: header,
            title: t.tr("receipt.title.sale"),
            copyMark: copy ? t.tr("receipt.copy") : nil,
            order: orderInfo(order),
            lines: data.lines.map { line(order: order, $0) },
            totals: totals(data),
            payments: data.payments.map { payment(order: order, $0) },
            cards: data.payments.compactMap { payment in
                payment.id.flatMap { data.cardResults[$0] }.map { card($0, type: t.tr("receipt.card.sale")) }
            },
            refund: nil,
            endOfDay: nil,
            // A signed sale's QR code is the TSE's (DSFinV-K layout); it replaces the order reference's.
            qrPayload: fiscal?.signed == nil ? order.clientUUID.description : nil,
            footer: context.footer,
            openDrawer: cashPaid && !copy,
            fiscal: fiscal,
            language: context.language
        )
        if order.training {
            model.trainingMark = t.tr("receipt.training")
            model.trainingNote = t.tr("receipt.training.note")
        }
        return model
    }

    /// The TSE part: the mandatory fields and the QR code, or the outage. The start and end times are written by
    /// `time` (the receipt's local date and time); the QR code keeps the TSE's own ISO 8601 times.
    static func fiscal(_ fiscal: ReceiptFiscal, strings t: Strings = .of(.english),
                       time: (Date) -> String = FiscalQRCode.isoTime) -> ReceiptViewModel.Fiscal {
        switch fiscal {
        case .failed(let cause):
            return ReceiptViewModel.Fiscal(failed: t.tr("receipt.tse.failed", ["cause": FiscalCause.text(of: cause, in: t)]), pending: nil, signed: nil)
        case .pending:
            return ReceiptViewModel.Fiscal(failed: nil, pending: t.tr("receipt.tse.pending"), signed: nil)
        case .signed(let signature):
            return ReceiptViewModel.Fiscal(failed: nil, pending: nil, signed: ReceiptViewModel.Signed(
                registerSerial: signature.clientSerial, tseSerial: signature.tseSerial,
                transactionNumber: String(signature.transactionNumber),
                signatureCounter: String(signature.signatureCounter),
                start: time(signature.startTime), end: time(signature.endTime),
                algorithm: signature.algorithm, timeFormat: signature.timeFormat, signature: signature.signature,
                qrCode: signature.qrCodeData,
                simulatedNote: signature.isSimulated ? t.tr("receipt.tse.simulated") : nil))
        }
    }

    /// A refund receipt: the order it refunds, the amount and reason, and the card refund if there was one.
    ///
    /// `fiscal` is the refund's own TSE transaction (German fiscal law); the sale's TSE block belongs to the sale
    /// receipt only.
    public func refund(
        _ data: ReceiptOrderData, amount: Money, reason: String?, card: PaymentResult?, copy: Bool = false,
        fiscal: ReceiptFiscal? = nil
    ) -> ReceiptViewModel {
        let t = context.strings
        var model = sale(data, copy: copy)
        model.title = t.tr("receipt.title.refund")
        model.fiscal = fiscal.map { Self.fiscal($0, strings: t, time: context.dateTimeWithSeconds) }
        model.qrPayload = data.order.clientUUID.description
        model.refund = ReceiptViewModel.Refund(amount: context.format(-amount), reason: reason)
        model.cards = card.map { [self.card($0, type: t.tr("receipt.card.refund"))] } ?? []
        model.payments = []
        model.openDrawer = card == nil && !copy
        return model
    }

    /// A reversal (void) receipt of a card payment.
    public func reversal(_ data: ReceiptOrderData, card: PaymentResult, copy: Bool = false) -> ReceiptViewModel {
        let t = context.strings
        var model = sale(data, copy: copy)
        model.title = t.tr("receipt.title.reversal")
        model.fiscal = nil
        model.qrPayload = data.order.clientUUID.description
        model.refund = ReceiptViewModel.Refund(amount: context.format(-card.amount), reason: t.tr("receipt.reversal.reason"))
        model.cards = [self.card(card, type: t.tr("receipt.card.reversal"))]
        model.payments = []
        model.openDrawer = false
        return model
    }

    /// The card slip of one card result ("DUPLICATE" on a reprint).
    public func cardSlip(_ data: ReceiptOrderData?, card: PaymentResult, type: String? = nil, copy: Bool = false)
        -> ReceiptViewModel
    {
        let t = context.strings
        let order = data?.order
        return ReceiptViewModel(
            store: header,
            title: t.tr("receipt.title.card"),
            copyMark: copy ? t.tr("receipt.duplicate") : nil,
            order: order.map(orderInfo) ?? emptyOrderInfo,
            lines: [],
            totals: data.map(totals) ?? emptyTotals(card.amount.currency),
            payments: [],
            cards: [self.card(card, type: type ?? t.tr("receipt.card.sale"))],
            refund: nil,
            endOfDay: nil,
            qrPayload: nil,
            footer: [],
            openDrawer: false,
            language: context.language
        )
    }

    var header: ReceiptViewModel.Header {
        let settings = context.store
        // Only a real web address is printed (not the demo store's "demo://pos").
        let website = settings.siteURL.hasPrefix("http")
            ? settings.siteURL.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
            : nil
        return ReceiptViewModel.Header(
            name: settings.storeName, addressLines: settings.address.lines, taxNumber: context.taxNumber,
            website: website
        )
    }

    func orderInfo(_ order: OrderRecord) -> ReceiptViewModel.OrderInfo {
        let (date, time) = context.dateAndTime(order.createdAt)
        return ReceiptViewModel.OrderInfo(
            localNumber: String(order.localNumber),
            remoteNumber: order.remoteNumber,
            register: order.registerId,
            receiptNumber: order.printedReceiptNumber,
            reference: order.clientUUID.description,
            date: date,
            time: time,
            cashier: order.cashier ?? context.cashier,
            customerNote: order.customerNote.isEmpty ? nil : order.customerNote
        )
    }

    var emptyOrderInfo: ReceiptViewModel.OrderInfo {
        ReceiptViewModel.OrderInfo(localNumber: "", reference: "", date: "", time: "", cashier: context.cashier)
    }

    func line(order: OrderRecord, _ line: OrderLineRecord) -> ReceiptViewModel.Line {
        let subtotal = order.shown(line.subtotal, tax: line.subtotalTax)
        let total = order.shown(line.total, tax: line.totalTax)
        let unit = order.pricesIncludeTax && line.quantity > 0 ? subtotal / Int64(line.quantity) : line.unitPrice
        let discount = subtotal - total
        return ReceiptViewModel.Line(
            name: line.name,
            sku: line.sku.isEmpty ? nil : line.sku,
            quantity: String(line.quantity),
            unitPrice: context.format(order.money(unit)),
            subtotal: context.format(order.money(subtotal)),
            total: context.format(order.money(total)),
            discount: discount != 0 ? context.format(order.money(-discount)) : nil,
            isMultiple: line.quantity != 1,
            weighed: line.weightGrams.flatMap { grams in
                guard grams > 0 else { return nil }
                return WeighedLine(grams: grams, unitPrice: order.money(line.unitPrice)).detail(context.store.moneyFormat)
            }
        )
    }

    func totals(_ data: ReceiptOrderData) -> ReceiptViewModel.Totals {
        let order = data.order
        let subtotal = data.lines.reduce(Int64(0)) { $0 + order.shown($1.subtotal, tax: $1.subtotalTax) }
        let discount = order.shown(order.discountTotal, tax: order.discountTax)
        return ReceiptViewModel.Totals(
            subtotal: context.format(order.money(subtotal)),
            coupons: data.coupons.map { coupon in
                let amount = order.shown(coupon.discount, tax: coupon.discountTax)
                return .init(label: context.strings.tr("receipt.coupon", ["code": coupon.code]), amount: context.format(order.money(-amount)))
            },
            discountTotal: discount != 0 ? context.format(order.money(-discount)) : nil,
            fees: data.fees.map { fee in
                .init(label: fee.name, amount: context.format(order.money(order.shown(fee.total, tax: fee.totalTax))))
            },
            taxes: data.taxes.map { tax in
                .init(label: tax.label, rate: context.strings.percent(tax.ratePercent),
                      amount: context.format(order.money(tax.taxTotal + tax.shippingTaxTotal)))
            },
            totalTax: context.format(order.money(order.totalTax)),
            total: context.format(order.totalMoney),
            currency: order.currencyCode,
            pricesIncludeTax: order.pricesIncludeTax
        )
    }

    func emptyTotals(_ currency: Currency) -> ReceiptViewModel.Totals {
        let zero = context.format(.zero(currency))
        return ReceiptViewModel.Totals(
            subtotal: zero, coupons: [], discountTotal: nil, fees: [], taxes: [], totalTax: zero, total: zero,
            currency: currency.code, pricesIncludeTax: context.store.taxes.pricesIncludeTax
        )
    }

    func payment(order: OrderRecord, _ payment: PaymentRecord) -> ReceiptViewModel.Payment {
        let money = { (value: Int64) in self.context.format(Money(minorUnits: value, currency: payment.currency)) }
        let t = context.strings
        let method = switch payment.method {
        case .cash: t.tr("receipt.method.cash")
        case .card: payment.cardBrand.map { t.tr("receipt.method.cardBrand", ["brand": $0]) } ?? t.tr("receipt.method.card")
        case .other: t.tr("receipt.method.other")
        }
        return ReceiptViewModel.Payment(
            method: method, amount: money(payment.amount), tendered: payment.tendered.map(money),
            change: payment.change.map(money), isCash: payment.method == .cash, isCard: payment.method == .card
        )
    }

}
