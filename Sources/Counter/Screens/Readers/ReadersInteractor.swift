import Localization
import POSFoundation
import Yosemite

/// Lists card readers (the remembered one, those plugged in, and `sim://`), connects one (remembering it), runs
/// the terminal's end of day, and resolves unresolved attempts — all through `CardPresentPaymentAction`.
@MainActor
public final class ReadersInteractor {
    public private(set) var response = ReadersDataFlow.Response()
    var present: (ReadersDataFlow.Response) -> Void = { _ in }
    let context: CounterContext
    private var observers: [Task<Void, Never>] = []

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
    }

    /// Handles one request.
    public func handle(_ request: ReadersDataFlow.Request) {
        switch request {
        case .selectionUp: response.selected = max(0, response.selected - 1)
        case .selectionDown: response.selected = max(0, min(response.readers.count - 1, response.selected + 1))
        case .connectKeyPressed: connect()
        case .endOfDayKeyPressed: endOfDay()
        case .resolveKeyPressed: resolve()
        case .backKeyPressed:
            observers.forEach { $0.cancel() }
            context.router?.show(.menu)
            return
        }
        present(response)
    }

    /// Loads the remembered reader, follows plugged-in and connected readers, and lists unresolved attempts.
    public func load() {
        let stores = context.stores
        response.add(ReadersDataFlow.Reader(address: "sim://", name: L10n.tr("readers.simulator"), source: "simulator"))
        Task {
            if let remembered = try? await stores.dispatch({ AppSettingsAction.loadAppSettings(reply: $0) }).readerAddress {
                let known = self.response.readers.first { $0.address == remembered }?.name ?? ""
                self.response.readers.removeAll { $0.address == remembered }
                self.response.readers.insert(ReadersDataFlow.Reader(address: remembered, name: known, source: "remembered"), at: 0)
            }
            self.present(self.response)
        }
        // The session's events: terminals plugged in (and gone again) and the connected reader.
        let events = stores.sessionEvents()
        observers.append(Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.show(plugged: event.reader.plugged)
                self.response.connected = event.reader.connectedAddress
                self.present(self.response)
            }
        })
        loadUnresolved()
    }

    /// Lists the terminals plugged in now: new ones are added, those pulled out leave the list (a remembered
    /// reader stays, as "remembered").
    private func show(plugged: [SessionEvent.PluggedReader]) {
        let addresses = Set(plugged.map(\.address))
        let selected = selectedAddress
        response.readers.removeAll { $0.source == "plugged in" && !addresses.contains($0.address) }
        for reader in plugged {
            response.add(ReadersDataFlow.Reader(address: reader.address, name: reader.name, source: "plugged in"))
        }
        response.selected = selected.flatMap { address in response.readers.firstIndex { $0.address == address } }
            ?? min(response.selected, max(0, response.readers.count - 1))
    }

    private func loadUnresolved() {
        let stores = context.stores, format = context.settings.moneyFormat
        Task {
            let attempts = (try? await stores.dispatch { CardPresentPaymentAction.loadUnresolved(reply: $0) }) ?? []
            self.response.unresolved = attempts.map { attempt in
                "\(attempt.attemptId)  \(attempt.reader)  \(attempt.amount.formatted(format))"
                    + (attempt.orderId.map { "  " + L10n.tr("readers.attempt.order", ["order": "\($0)"]) } ?? "")
                    + (attempt.isInProgress ? "  " + L10n.tr("readers.attempt.inProgress") : "")
            }
            self.present(self.response)
        }
    }

    private var selectedAddress: String? {
        response.readers.indices.contains(response.selected) ? response.readers[response.selected].address : nil
    }

    private func begin(_ message: String) -> Bool {
        guard !response.isBusy else { return false }
        response.isBusy = true
        response.isError = false
        response.message = message
        context.readerActivity.set(.busy)
        return true
    }

    private func finish(error: CardPaymentError?) {
        response.isBusy = false
        context.readerActivity.set(nil)
        if let error {
            response.message = "\(error.message) \(error.recoverySuggestion)"
            response.isError = true
        }
        context.refreshStatus()
        present(response)
    }

    private func connect() {
        guard let address = selectedAddress, begin(L10n.tr("readers.connecting", ["address": address])) else { return }
        let stores = context.stores
        Task {
            do throws(CardPaymentError) {
                let reader = try await stores.dispatch { CardPresentPaymentAction.connect(reader: address, reply: $0) }
                self.response.connected = reader.address
                self.response.message = L10n.tr("readers.connected", ["reader": reader.description])
                self.finish(error: nil)
                self.loadUnresolved()
            } catch {
                self.finish(error: error)
            }
        }
    }

    private func endOfDay() {
        guard begin(L10n.tr("readers.closingBatch")) else { return }
        let stores = context.stores, reader = response.connected ?? selectedAddress, format = context.settings.moneyFormat
        Task {
            do throws(CardPaymentError) {
                let report = try await stores.dispatch { CardPresentPaymentAction.endOfDay(reader: reader, reply: $0) }
                let total = report.total.map { L10n.tr("readers.batchTotal", ["amount": $0.formatted(format)]) } ?? L10n.tr("readers.batchClosed")
                // The terminal's own receipt lines stay as the terminal wrote them.
                self.response.report = [total + (report.terminalID.map { " — " + L10n.tr("readers.terminalID", ["id": "\($0)"]) } ?? "")]
                    + report.receiptLines
                self.response.message = L10n.tr("readers.endOfDayDone")
                self.finish(error: nil)
            } catch {
                self.finish(error: error)
            }
        }
    }

    private func resolve() {
        guard begin(L10n.tr("readers.asking")) else { return }
        let stores = context.stores, reader = response.connected ?? selectedAddress, format = context.settings.moneyFormat
        Task {
            do throws(CardPaymentError) {
                let resolved = try await stores.dispatch {
                    CardPresentPaymentAction.resolveUnknownOutcomes(reader: reader, reply: $0)
                }
                self.response.report = resolved.map { attempt in
                    let outcome: String = switch attempt.outcome {
                    case .approved: L10n.tr("readers.outcome.approved")
                    case .notCharged: L10n.tr("readers.outcome.notCharged")
                    case .stillUnknown(let reason): L10n.tr("readers.outcome.unknown", ["reason": "\(reason)"])
                    case .inProgress: L10n.tr("readers.outcome.inProgress")
                    }
                    return "\(attempt.attemptId) \(attempt.amount.formatted(format)): \(outcome)"
                }
                self.response.message = resolved.isEmpty ? L10n.tr("readers.nothingToResolve") : L10n.plural("readers.resolved", count: resolved.count)
                self.finish(error: nil)
                self.loadUnresolved()
            } catch {
                self.finish(error: error)
            }
        }
    }
}
