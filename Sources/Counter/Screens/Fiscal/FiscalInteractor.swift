import Foundation
import Localization
import Yosemite

/// Keeps the TSE screen's state and talks to the fiscal store through `FiscalAction`s, as `pos fiscal status`
/// and `pos fiscal export` do.
@MainActor
public final class FiscalInteractor {
    public private(set) var response = FiscalDataFlow.Response()
    var present: (FiscalDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
    }

    /// Loads the status.
    public func load() {
        let stores = context.stores
        Task {
            do throws(FiscalServiceError) {
                let status = try await stores.dispatch { FiscalAction.loadStatus(reply: $0) }
                response.lines = status.reportLines()
            } catch {
                fail(error)
            }
            response.isLoaded = true
            present(response)
        }
    }

    /// Handles one request.
    public func handle(_ request: FiscalDataFlow.Request) {
        guard !response.isBusy else { return }
        guard var form = response.form else {
            switch request {
            case .exportKeyPressed:
                response.form = FiscalDataFlow.ExportForm()
                response.message = nil
            case .reloadKeyPressed: load()
            case .escapePressed: context.router?.show(.menu); return
            default: break
            }
            present(response)
            return
        }
        switch request {
        case .escapePressed: response.form = nil
        case .typed(let character): if !character.isNewline { form.text.append(character) }
        case .backspacePressed: if !form.text.isEmpty { form.text.removeLast() }
        case .scanned(let code): form.text += code
        case .enterPressed:
            let text = form.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { break }
            switch form.field {
            case .from, .to:
                guard FiscalExportDays.day(text) != nil else {
                    response.message = L10n.tr("fiscal.export.badDay", ["day": text])
                    response.isError = true
                    present(response)
                    return
                }
                if form.field == .from { form.from = text; form.field = .to } else { form.to = text; form.field = .folder }
                form.text = ""
                response.message = nil
            case .folder:
                form.folder = text
                response.form = nil
                export(form)
                return
            }
        case .exportKeyPressed, .reloadKeyPressed: break
        }
        if response.form != nil, request != .escapePressed { response.form = form }
        present(response)
    }

    private func export(_ form: FiscalDataFlow.ExportForm) {
        response.isBusy = true
        present(response)
        let stores = context.stores
        Task {
            do throws(FiscalServiceError) {
                let timeZone = try await stores.dispatch { FiscalAction.loadExportTimeZone(reply: $0) }
                if let range = FiscalExportDays.range(from: form.from, to: form.to, in: timeZone) {
                    let folder = URL(fileURLWithPath: (form.folder as NSString).expandingTildeInPath, isDirectory: true)
                    let summary = try await stores.dispatch {
                        FiscalAction.writeExport(from: range.from, to: range.end, directory: folder, reply: $0)
                    }
                    response.message = L10n.tr(summary.unsigned > 0 ? "cli.fiscal.out.export.unsigned" : "cli.fiscal.out.export", [
                        "closings": "\(summary.closings)", "receipts": "\(summary.receipts)", "unsigned": "\(summary.unsigned)",
                    ]) + " " + L10n.plural("cli.fiscal.out.wroteFiles", count: summary.files.count, ["path": folder.path])
                    response.isError = false
                }
            } catch {
                fail(error)
            }
            response.isBusy = false
            present(response)
        }
    }

    private func fail(_ error: FiscalServiceError) {
        response.message = [error.message, error.recoverySuggestion].filter { !$0.isEmpty }.joined(separator: " ")
        response.isError = true
    }
}
