import Foundation
import Localization
import Storage

extension ReceiptComposer {
    /// The receipt a sale will print, before it is paid: the same composition as the printed sale receipt (lines,
    /// line discounts, coupons, fees, taxes, total), titled PREVIEW, with no payment, no QR code and no drawer kick.
    public func preview(_ data: ReceiptOrderData) -> ReceiptViewModel {
        var model = sale(data)
        model.title = context.strings.tr("receipt.title.preview")
        model.order.localNumber = context.strings.tr("receipt.preview.number")
        model.payments = []
        model.cards = []
        model.qrPayload = nil
        model.openDrawer = false
        return model
    }
}
