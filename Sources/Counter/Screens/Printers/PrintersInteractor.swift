import Foundation
import Localization
import Yosemite

/// Keeps the printers screen's state: lists the print queues through `ReceiptAction.listPrinters`, saves the
/// choice through `AppSettingsAction`, and prints test pages through `ReceiptAction.printTestPage`.
@MainActor
public final class PrintersInteractor {
    public private(set) var response = PrintersDataFlow.Response()
    var present: (PrintersDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
    }

    /// The folder the file printer writes to.
    var fileFolder: String {
        context.stores.printedReceiptsFolder.path
    }

    /// Lists the printers and loads the saved choice.
    public func load() {
        let stores = context.stores
        let folder = fileFolder
        Task {
            var queues: [PrintQueue] = []
            do throws(ReceiptError) {
                queues = try await stores.dispatch { ReceiptAction.listPrinters(reply: $0) }
                response.listError = nil
            } catch {
                response.listError = L10n.tr("printers.noCups", ["error": "\(error.message) \(error.recoverySuggestion)"])
            }
            let settings = try? await stores.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
            response.chosen = settings?.printerName
            response.entries = Self.entries(queues: queues, fileFolder: folder)
            response.selected = min(response.selected, response.entries.count - 1)
            response.isLoaded = true
            present(response)
        }
    }

    /// The default printer first, then the CUPS queues, then the file printer.
    static func entries(queues: [PrintQueue], fileFolder: String) -> [PrintersDataFlow.Entry] {
        let defaultName = queues.first(where: \.isDefault)?.name
        var entries = [PrintersDataFlow.Entry(
            name: nil, label: L10n.tr("printers.default", ["printer": defaultName ?? L10n.tr("printers.default.none", ["folder": "\(fileFolder)"])]))]
        entries += queues.map { queue in
            PrintersDataFlow.Entry(name: queue.name, label: queue.info.map { "\(queue.name) — \($0)" } ?? queue.name,
                                   description: queue)
        }
        entries.append(PrintersDataFlow.Entry(name: "file:\(fileFolder)", label: L10n.tr("printers.files", ["folder": "\(fileFolder)"])))
        return entries
    }

    /// Handles one request.
    public func handle(_ request: PrintersDataFlow.Request) {
        guard !response.isBusy else { return }
        switch request {
        case .selectionUp: response.selected = max(0, response.selected - 1)
        case .selectionDown: response.selected = min(max(0, response.entries.count - 1), response.selected + 1)
        case .escapePressed: context.router?.show(.menu); return
        case .reloadKeyPressed: load()
        case .chooseKeyPressed: choose()
        case .testPageKeyPressed: printTestPage()
        }
        present(response)
    }

    private var selectedEntry: PrintersDataFlow.Entry? {
        response.entries.indices.contains(response.selected) ? response.entries[response.selected] : nil
    }

    private func choose() {
        guard let entry = selectedEntry else { return }
        let stores = context.stores
        let name = entry.name
        Task {
            do throws(AppSettingsError) {
                let saved = try await stores.dispatch {
                    AppSettingsAction.updateAppSettings({ $0.printerName = name }, reply: $0)
                }
                response.chosen = saved.printerName
                response.message = L10n.tr("printers.chosen", ["printer": saved.printerName ?? L10n.tr("printers.theDefault")])
            } catch {
                response.message = "\(error.message) \(error.recoverySuggestion)"
            }
            context.refreshStatus()
            present(response)
        }
    }

    private func printTestPage() {
        guard let entry = selectedEntry else { return }
        let name = entry.name ?? response.entries.first(where: { $0.description?.isDefault == true })?.name
            ?? "file:\(fileFolder)"
        response.isBusy = true
        response.message = nil
        let stores = context.stores
        Task {
            do throws(ReceiptError) {
                let job = try await stores.dispatch { ReceiptAction.printTestPage(printer: name, reply: $0) }
                response.lastJob = .printed(job)
            } catch {
                response.lastJob = .failed(message: error.message, whatToDo: error.recoverySuggestion)
            }
            response.isBusy = false
            present(response)
        }
    }
}
