import Foundation

/// Words that give one language away on the other's screen or paper. Compared as whole words, case
/// sensitive where the case tells (German nouns are capitalised, English words in running text are not). A word
/// both languages use ("Terminal", "Status", "Start", "Export", "Demo", "Online", "Training", "PIN", "Name", "Code")
/// is in neither list; neither are product, store or customer names, which are the merchant's data.
enum LanguageStopList {
    /// English words that a German screen or paper must not show.
    static let english: Set<String> = [
        "the", "and", "of", "to", "is", "are", "not", "no", "yes", "or", "with", "without", "for", "from", "by", "this",
        "that", "any", "all", "here", "when", "then", "first", "next", "back", "press", "type", "enter", "quit",
        "order", "orders", "Order", "Orders", "receipt", "Receipt", "RECEIPT", "sale", "sales", "Sale", "Sales",
        "paid", "Paid", "pending", "synced", "cash", "Cash", "card", "Card", "total", "Total", "TOTAL", "Subtotal",
        "subtotal", "change", "Change", "Tendered", "tendered", "refund", "Refund", "refunded", "Refunded", "shift",
        "Shift", "drawer", "Drawer", "open", "opened", "closed", "Closed", "print", "printed", "Printer", "printer",
        "Printers", "Search", "search", "scan", "Customer", "customer", "Settings", "settings", "Help", "help", "keys",
        "Keys", "Cancel", "cancel", "signed", "Signed", "tax", "Tax", "incl", "items", "item", "Item", "amount",
        "Amount", "due", "Due", "matches", "Expected", "expected", "counted", "Counted", "Difference", "difference",
        "report", "Report", "nothing", "Nothing", "Back", "office", "Menu", "Language", "language", "Float", "float",
        "queue", "Queue", "kept", "approved", "Approved", "declined", "Declined", "split", "Split", "rest", "exact",
        "Exact", "Discount", "discount", "Coupon", "coupon", "Park", "park", "Preview", "PREVIEW", "Quantity", "none",
        "None", "unknown", "Unknown", "error", "Error", "failed", "Failed", "Store", "store", "Register", "register",
        "Cashier", "Cashiers", "cashier", "cashiers", "Sync", "sync", "Readers", "reader",
        "Thank", "visit", "Date", "Time", "Signature", "serial", "Serial", "transaction", "Transaction", "counter",
        "Counter", "Sold", "sold", "Tender", "Lines", "line", "Line", "Files", "characters", "Site",
        "Username", "password", "Password", "Add", "Remove", "Delete", "Save", "Close", "Open", "Reprint", "Show",
    ]

    /// German words that an English screen or paper must not show.
    static let german: Set<String> = [
        "der", "die", "das", "und", "ist", "nicht", "kein", "keine", "Kein", "Keine", "oder", "mit", "ohne", "für",
        "von", "zu", "auf", "hier", "bitte", "Bitte", "noch", "schon", "wird", "wurde", "Beleg", "BELEG", "Bestellung",
        "Bestellungen", "Verkauf", "Verkäufe", "Summe", "SUMME", "Zwischensumme", "Bar", "Barzahlung", "Karte",
        "Kartenzahlung", "Rückgeld", "RÜCKGELD", "Gegeben", "gegeben", "Schicht", "Lade", "Kasse", "Kassierer",
        "Leitung", "Drucker", "Einstellungen", "Hilfe", "Taste", "Tasten", "Zurück", "Abbrechen", "Erstattung",
        "erstatten", "erstattet", "bezahlt", "Bezahlt", "offen", "geöffnet", "geschlossen", "gespeichert", "Suchen",
        "suchen", "Menge", "Rabatt", "Steuer", "MwSt", "inkl", "gezählt", "Gezähltes", "Differenz", "Bericht",
        "Z-Bericht", "Sprache", "Warteschlange", "übertragen", "Zahlung", "Datei", "Dateien", "Zeichen", "Kunde",
        "Kunden", "Artikel", "Vielen", "Dank", "Datum", "Uhrzeit", "Signatur", "Seriennummer", "Wechselgeld",
        "Soll-Bestand", "laufende", "Summen", "Nächster", "Schließen", "Öffnen", "Anmelden", "Abmelden", "Benutzername",
        "Passwort", "Gerät", "Geräte", "Kartenterminal", "Einlage", "Entnahme", "Ausgang", "unbekannt", "Fehler",
        "Lesegeräte", "Übertragung", "Bestand", "Laden",
    ]

    /// The words of `list` that `text` holds as whole words (letters, digits and hyphens make a word, so
    /// "Z-Bericht" is one). Paths and addresses ("/tmp/…/printed", "file:…", "sim://") are data, not words: skipped.
    static func words(in text: String, from list: Set<String>) -> Set<String> {
        let text = text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.contains("/") ? "" : String($0) }.joined(separator: " ")
        var found = Set<String>()
        var word = ""
        func flush() {
            if !word.isEmpty {
                if list.contains(word) { found.insert(word) }
                // A hyphenated word's parts count too ("Kassen-Beleg" holds "Beleg"), except the whole is listed.
                if word.contains("-") {
                    for part in word.split(separator: "-") where list.contains(String(part)) { found.insert(String(part)) }
                }
            }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "-" { word.append(character) } else { flush() }
        }
        flush()
        return found
    }

    /// What a test prints for one capture that holds listed words: its name, the words, and the lines they are in;
    /// nil when it holds none.
    static func report(_ name: String, _ text: String, _ list: Set<String>) -> String? {
        let found = words(in: text, from: list)
        guard !found.isEmpty else { return nil }
        let lines = text.split(separator: "\n").filter { !words(in: String($0), from: found).isEmpty }
        return "\(name): \(found.sorted().joined(separator: ", "))\n" + lines.map { "    | \($0)" }.joined(separator: "\n")
    }
}
