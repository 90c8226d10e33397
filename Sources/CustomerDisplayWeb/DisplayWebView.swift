import Foundation
import Hardware
import Localization
import POSFoundation
import Yosemite

/// What the web page draws for one display state, already in the store's words and money format: the page only
/// places these texts (it formats nothing and decides nothing), so the language and number rules live here, in
/// Swift, next to the terminal display's.
///
/// Each view carries the server's `boot` (a random id per `pos display --web` run) and a `seq` (increasing within a
/// run): the page drops a view whose `seq` is not above the last one it drew from the same boot, so a late or
/// replayed event never brings back a stale total.
public struct DisplayWebView: Codable, Hashable, Sendable {
    public struct Line: Codable, Hashable, Sendable {
        public var name: String
        public var detail: String
        public var amount: String
    }

    public struct Row: Codable, Hashable, Sendable {
        public var label: String
        public var amount: String
        /// Drawn large (the total, the change).
        public var strong: Bool
    }

    public var boot: String
    public var seq: Int
    /// "closed", "idle", "sale" or "paid".
    public var phase: String
    /// The page's language (the store's paper language), for `<html lang>`.
    public var lang: String
    public var store: String
    /// The big line: "Welcome", "Closed", "Thank you!".
    public var headline: String
    /// The small line under it ("This counter is not open.").
    public var note: String
    public var lines: [Line]
    public var rows: [Row]
    /// The card terminal's step in the store's words ("Bitte Karte einstecken"), empty when no card payment runs.
    public var card: String = ""
    /// The step's kind ("insertCard", "declined"…), for the page's colour; empty with ``card``.
    public var cardKind: String = ""
    /// The name of the customer the cashier attached, empty when none.
    public var customer: String = ""
    /// The TSE outage notice of a paid sale the TSE did not sign, empty otherwise.
    public var notice: String = ""
    /// What the page shows, in this view's language, when it loses the stream (the till restarts or stops): it
    /// never keeps a total on screen it cannot vouch for.
    public var offline: String

    /// The view of `state`; `store` is the name last heard when the state carries none.
    public static func of(_ state: CustomerDisplayState, boot: String, seq: Int, fallbackStore: String = "") -> DisplayWebView {
        let language = state.language ?? .english
        let strings = Strings.of(language)
        let format = state.amountFormat
        func amount(_ money: Money) -> String { format.string(for: money) }
        let store = state.storeName ?? fallbackStore
        switch state.phase {
        case .closed:
            return closed(boot: boot, seq: seq, language: language, store: store)
        case .idle:
            return DisplayWebView(boot: boot, seq: seq, phase: "idle", lang: language.rawValue, store: store,
                                  headline: strings.tr("display.screen.welcome"), note: "", lines: [], rows: [], offline: strings.tr("display.screen.closed"))
        case .sale, .paid:
            let lines = state.lines.map { line in
                let name = line.quantity == 1 || line.weighed != nil ? line.name : "\(line.quantity) x \(line.name)"
                let detail = line.weighed.map { $0.detail(format) } ?? ""
                return Line(name: name, detail: detail, amount: amount(line.amount))
            }
            var rows = [Row(label: strings.tr("display.screen.total"), amount: amount(state.total), strong: true)]
            if let given = state.given {
                rows.append(Row(label: strings.tr("display.screen.given"), amount: amount(given), strong: false))
            } else if state.paid.minorUnits > 0 {
                rows.append(Row(label: strings.tr("display.screen.paid"), amount: amount(state.paid), strong: false))
            }
            if state.phase == .sale, state.paid.minorUnits > 0 {
                rows.append(Row(label: strings.tr("display.screen.due"), amount: amount(state.due), strong: true))
            }
            var headline = "", note = "", notice = ""
            if state.phase == .paid {
                if let change = state.change {
                    rows.append(Row(label: strings.tr("display.screen.change"), amount: amount(change), strong: true))
                }
                headline = strings.tr("display.screen.thanks")
                if let number = state.receiptNumber { note = strings.tr("display.screen.receipt", ["number": number]) }
                if state.tseOutage { notice = strings.tr("display.screen.tseOutage") }
            }
            var view = DisplayWebView(boot: boot, seq: seq, phase: state.phase.rawValue, lang: language.rawValue, store: store,
                                      headline: headline, note: note, lines: lines, rows: rows,
                                      offline: strings.tr("display.screen.closed"))
            if state.phase == .sale, let step = state.cardStep {
                view.card = strings.tr(step.key)
                view.cardKind = step.rawValue
            }
            view.customer = state.customerName.map { strings.tr("display.screen.customer", ["name": $0]) } ?? ""
            view.notice = notice
            return view
        }
    }

    /// The "closed" view: no counter serves the display (none runs, or it quit).
    public static func closed(boot: String, seq: Int, language: Language, store: String) -> DisplayWebView {
        let strings = Strings.of(language)
        return DisplayWebView(boot: boot, seq: seq, phase: "closed", lang: language.rawValue, store: store,
                              headline: strings.tr("display.screen.closed"), note: strings.tr("display.screen.notOpen"),
                              lines: [], rows: [], offline: strings.tr("display.screen.closed"))
    }

    /// One Server-Sent Event: `id`, then the view as one line of JSON.
    public func event() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "id: \(seq)\ndata: \(json)\n\n"
    }
}
