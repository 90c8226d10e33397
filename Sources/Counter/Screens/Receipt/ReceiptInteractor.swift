import Foundation
import Localization
import Yosemite

/// Prints a sale's receipt through `ReceiptAction` (the configured or default printer, else files in the data
/// directory), reprints it marked COPY, or saves it as a text file.
@MainActor
public final class ReceiptInteractor {
    public private(set) var response: ReceiptDataFlow.Response
    var present: (ReceiptDataFlow.Response) -> Void = { _ in }
    let context: CounterContext

    /// Creates the interactor for a sale.
    public init(context: CounterContext, response: ReceiptDataFlow.Response) {
        self.context = context
        self.response = response
    }

    /// The folder "save to file" writes to.
    public var fileFolder: URL {
        context.stores.savedReceiptsFolder
    }

    /// Handles one request.
    public func handle(_ request: ReceiptDataFlow.Request) {
        switch request {
        case .printKeyPressed: print(reprint: false, printer: nil)
        case .reprintKeyPressed: print(reprint: true, printer: nil)
        case .printToFileKeyPressed: print(reprint: false, printer: "file:" + fileFolder.path)
        case .nextSaleKeyPressed: context.router?.show(.sell)
        case .emailKeyPressed:
            if response.isDemo {
                response.error = L10n.tr("receipt.demoNoEmail")
            } else if !response.isEmailing {
                response.emailText = ""
            }
        case .typed(let character): response.emailText?.append(character)
        case .backspace: _ = response.emailText?.popLast()
        case .emailCancelled: response.emailText = nil
        case .emailSubmitted: email()
        }
        present(response)
    }

    /// Emails the receipt through the store (online only; the store says why not otherwise).
    private func email() {
        guard let address = response.emailText, !response.isEmailing else { return }
        response.emailText = nil
        response.isEmailing = true
        response.error = nil
        response.printed = nil
        let order = String(response.order.localNumber), stores = context.stores
        Task {
            do throws(OrderEmailError) {
                let sent = try await stores.dispatch { OrderEmailAction.sendReceipt(order: order, email: address, reply: $0) }
                self.response.printed = L10n.tr("receipt.emailedTo", ["address": "\(sent)"])
            } catch {
                self.response.error = "\(error.message) \(error.recoverySuggestion)"
            }
            self.response.isEmailing = false
            self.present(self.response)
        }
    }

    private func print(reprint: Bool, printer: String?) {
        guard !response.isPrinting else { return }
        response.isPrinting = true
        response.error = nil
        let order = String(response.order.localNumber), stores = context.stores
        Task {
            do throws(ReceiptError) {
                let outcome = try await stores.dispatch {
                    reprint ? ReceiptAction.reprint(order: order, printer: printer, reply: $0)
                        : ReceiptAction.printOrder(order: order, printer: printer, reply: $0)
                }
                let name = outcome.job.printerName
                self.response.printed = printer?.hasPrefix("file:") == true
                    ? L10n.tr("receipt.savedTo", ["path": name.hasPrefix("file:") ? String(name.dropFirst(5)) : name])
                    : L10n.tr(reprint ? "receipt.reprintedOn" : "receipt.printedOn", ["printer": name])
            } catch {
                self.response.error = "\(error.message) \(error.recoverySuggestion)"
            }
            self.response.isPrinting = false
            self.present(self.response)
            self.context.refreshStatus()
        }
    }
}
