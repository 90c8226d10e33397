import Foundation
import Hardware
import Localization
import Networking
import POSFoundation
import Storage
import Testing
@testable import Yosemite

/// The errors of the lower layers (Networking, Storage, Hardware) and of the catalog, sync and receipts,
/// and the devices' texts, read in German when the screen is German, with their next step; English stays the
/// default (the other suites compare the English texts).
struct GermanLowerLayerErrorTests {
    @Test func networkAndStorageErrors_germanScreen_readInGerman() {
        L10n.withLanguage(.german) {
            // Given / When / Then
            #expect(NetworkError.connectionRefused(host: "shop.example").description
                == "Der Shop unter shop.example hat die Verbindung abgelehnt. Adresse und Port prüfen und ob der Webserver läuft.")
            #expect(NetworkError.unauthorized(WordPressError(code: "rest_forbidden", message: "Sorry.")).message
                == "Der Shop hat den Benutzernamen oder das Anwendungspasswort abgelehnt: Sorry. (rest_forbidden).")
            #expect(NetworkError.rateLimited(retryAfter: .seconds(30)).recoverySuggestion == "30 Sekunden warten; die Kasse versucht es erneut.")
            #expect(throws: NetworkError.invalidSiteAddress("", reason: "Die Adresse ist leer.")) { try SiteAddress("") }
            #expect(StorageError(code: .diskFull).message == "Der Datenträger ist voll, daher ließ sich die letzte Änderung nicht speichern.")
            #expect(StorageError(code: .migrationFailed, migration: "v9", path: "/data/pos.sqlite").message
                == "Die lokale Datenbank /data/pos.sqlite ließ sich nicht aktualisieren (Schritt v9).")
            #expect(StorageError(code: .locked).recoverySuggestion
                == "Das andere `pos`, das mit diesem Datenverzeichnis läuft, beenden, dann erneut versuchen.")
            #expect(SaleWriteError.wrongState(saleId: 4, state: .parked, needed: .open).description == "Verkauf 4 ist geparkt, nicht offen")
            #expect(CashierWriteError.lastManager("Ana").description
                == "Ana ist die letzte Leitung; zuerst eine weitere Leitung anlegen oder zuerst die Kassierer entfernen")
            // A storage failure inside a domain's error keeps its capital in German (a whole sentence after a colon)
            #expect(SyncError.storage(StorageError(code: .locked)).message
                == "Die lokale Datenbank ist beim Synchronisieren fehlgeschlagen: Die lokale Datenbank wird von einem anderen Programm benutzt.")
        }
        // The process's language stays English beside the German task, byte for byte as before.
        #expect(NetworkError.connectionRefused(host: "shop.example").message == "The store at shop.example refused the connection.")
        #expect(SyncError.storage(StorageError(code: .locked)).message
            == "The local database failed during sync: the local database is in use by another program.")
        #expect(SaleWriteError.wrongState(saleId: 4, state: .parked, needed: .open).description == "sale 4 is parked, not open")
    }

    @Test func hardwareErrors_germanScreen_readInGerman() {
        L10n.withLanguage(.german) {
            #expect(PrinterError.outOfPaper(printer: "Bon").description
                == "Im Drucker „Bon“ ist kein Papier mehr. Eine neue Papierrolle einlegen und den Deckel schließen, dann den Beleg erneut drucken.")
            #expect(PrinterError.jobFailed(printer: "Bon", jobID: 12, reason: "filter failed").message
                == "Der Druckauftrag 12 auf „Bon“ ist fehlgeschlagen: filter failed.")
            #expect(ReceiptMarkupError(line: 7, reason: .unknownDirective("bogus")).message
                == "Die Belegvorlage ist in Zeile 7 ihrer Ausgabe fehlerhaft: unbekannte Anweisung @bogus.")
            #expect(CardReaderError(phase: .authorization, resultCode: .cardExpired, underlying: .declined).description
                == "Zahlung abgelehnt: Die Karte ist abgelaufen. Um eine andere Karte oder ein anderes Zahlungsmittel bitten.")
            #expect(CardReaderError(phase: .refund, underlying: .timedOut).message
                == "Erstattung fehlgeschlagen: Das Terminal hat nicht rechtzeitig geantwortet.")
            #expect(CardReaderError(phase: .connection, underlying: .transportFailed,
                                    transportError: TransportError(.permissionDenied, endpoint: "/dev/ttyACM0")).description
                == "Kartenterminal nicht verbunden: Keine Berechtigung, das Terminal unter /dev/ttyACM0 zu öffnen. "
                + "Die udev-Regeln installieren (pos reader install-udev-rules) und das Terminal neu anstecken.")
            #expect(ZVTResultCode(rawValue: 0x05).meaning == "Vom Kartenherausgeber abgelehnt (Code 5).")
            // The terminal's status prompts when it sends no display text of its own
            #expect(ZVTIntermediateStatus(status: 0x01).prompt.text == "Bitte das PIN-Pad beachten.")
            #expect(ZVTIntermediateStatus(status: 0x49).prompt.text == "Karte abgelaufen. Karte entnehmen.")
            #expect(ConcertError(code: .answerTimedOut, phase: .awaitingAnswer).description.hasPrefix("Concert answerTimedOut"))
            #expect(ConcertError(code: .answerTimedOut, phase: .awaitingAnswer).recoverySuggestion
                == "Das Ergebnis auf dem Beleg oder im Journal des Terminals prüfen, bevor die Zahlung erneut kassiert wird.")
            #expect(ScaleError(.noAnswer, detail: "/dev/ttyUSB2").message == "Die Waage hat nicht geantwortet (/dev/ttyUSB2).")
            #expect(ScaleError(.overCapacity).recoverySuggestion == "Etwas Ware von der Schale nehmen, dann erneut wiegen.")
            #expect(EmbeddedBarcodeError(.wrongCheckDigit, detail: "2800012001234").message
                == "Der Barcode 2800012001234 wurde nicht richtig gelesen (Prüfziffer).")
            #expect(throws: EmbeddedBarcodeError(.invalidLayout, detail: "30:IIIIIVVVVV:weight: Präfixe sind 20…29, z. B. 21 oder 28-29")) {
                try EmbeddedBarcodeSettings(parsing: "30:IIIIIVVVVV:weight")
            }
        }
        #expect(CardReaderError(phase: .authorization, resultCode: .cardExpired, underlying: .declined).message
            == "Payment declined: the card has expired.")
        #expect(ZVTIntermediateStatus(status: 0x49).prompt.text == "Card expired. Remove card.")
    }

    @Test func catalogReceiptAndSyncErrors_germanScreen_readInGerman() {
        L10n.withLanguage(.german) {
            #expect(CatalogError.network(.offline).description
                == "Katalogabgleich fehlgeschlagen: Diese Kasse ist mit keinem Netzwerk verbunden. "
                + "Netzwerkkabel oder WLAN prüfen. Die Verkäufe bleiben erhalten und werden später gesendet.")
            #expect(CatalogError.notFound(code: "NOPE").message == "nicht gefunden: NOPE")
            #expect(ReceiptError.printFailed(.schedulerUnavailable, receiptID: 3).message
                == "Das Drucksystem (CUPS) läuft nicht. Beleg 3 ist gespeichert.")
            #expect(ReceiptError.noReceipt(order: "17").recoverySuggestion == "Einen mit `pos receipt print 17` drucken.")
            #expect(SyncError.anotherSenderRunning(lockFile: "x").description
                == "Ein anderer pos-Prozess synchronisiert bereits die Verkäufe dieser Kasse. "
                + "Warten, bis er fertig ist; die Verkäufe bleiben sicher in der Warteschlange.")
        }
    }

    @Test func devicesAndApprovals_germanScreen_readInGerman() throws {
        let since = try #require(ISO8601DateFormatter().date(from: "2026-11-26T10:00:00Z"))
        let holder = ReaderLock.Holder(operation: "end of day", pid: 42, since: since)
        L10n.withLanguage(.german) {
            #expect(CardPaymentError.readerBusy(reader: "sim://", holder: holder).message
                .hasPrefix("Das Kartenterminal sim:// ist belegt mit einem Tagesabschluss (Prozess 42, seit "))
            #expect(CardPaymentError.readerBusy(reader: "sim://", holder: nil).message
                == "Das Kartenterminal sim:// ist belegt mit einem anderen Vorgang (seine Sperrdatei wird gerade geschrieben).")
            #expect(ManagerApproval(manager: "Ana", pin: "1234").description == "Freigabe durch Ana")
            #expect(FloorDeviceSetting.language.help
                == "Die Sprache des Bildschirms, en oder de; leer folgt LANG, sonst der Website-Sprache des Shops.")
        }
        #expect(CardPaymentError.readerBusy(reader: "sim://", holder: holder).message.hasPrefix("The card reader sim:// is busy with a end of day (process 42, since "))
        #expect(ManagerApproval(manager: "Ana", pin: "1234").description == "approval by Ana")
    }

    @Test func poleDisplayWords_followTheStoresLanguage() {
        #expect(PoleDisplayTexts(.of(.german)) == PoleDisplayTexts(total: "Summe", totalDue: "Zu zahlen", given: "Gegeben", change: "Rückgeld"))
        #expect(PoleDisplayTexts(.of(.english)) == PoleDisplayTexts(total: "Total", totalDue: "Total due", given: "Given", change: "Change"))
    }
}
