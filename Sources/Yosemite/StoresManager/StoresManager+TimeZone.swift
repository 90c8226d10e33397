import Foundation

extension StoresManager {
    /// The store's time zone, in which every screen and every human line shows local dates and times: the
    /// receipts' (`timeZone` in receipt-settings.json, the one receipts and the DSFinV-K export use), else the
    /// till's (`TZ`, /etc/localtime). A small file read; a screen reads it once when it is built.
    public var localTimeZone: TimeZone { ReceiptService(environment: environment).receiptTimeZone }
}
