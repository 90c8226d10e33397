import Foundation

/// The words a person reads for the app's and the server's codes: an order's status ("pending" →
/// "ausstehend"), its sync state, a payment method, an outbox entry's kind and state, a cashier's role, an
/// approval's kind, a product's stock status. Each code's text is the catalog's `word.<group>.<code>`; a code the
/// catalog does not know (a status a plugin added on the server) is shown as it is, since it is all there is to say.
extension Strings {
    /// The groups of codes the catalog names (`word.<group>.<code>`).
    public enum WordGroup: String, Sendable, CaseIterable {
        case orderStatus, syncState, paymentMethod, outboxKind, outboxState, role, approval, stockStatus, saleState
        case catalogPhase, catalogMode
    }

    /// The text for `code` in `group`, or `code` itself when the catalog has none.
    public func word(_ group: WordGroup, _ code: String) -> String {
        let key = "word.\(group.rawValue).\(code)"
        return table[key] ?? fallback[key] ?? code
    }
}

extension L10n {
    /// The text for `code` in `group` in the screen's language (see `Strings.word`).
    public static func word(_ group: Strings.WordGroup, _ code: String) -> String {
        screen.word(group, code)
    }
}

extension Strings {
    /// The codes an approval's reference is stored as ("no sale", "add Anna", "order 12", "terminal receipt 7"…;
    /// see `CashierService.approve`'s callers), each the catalog's `word.reference.<code>` with `{rest}` for what
    /// follows the code. Longer codes first, so "no sale" is not read as a "no …".
    static let referenceCodes = [
        ("terminal receipt", "terminalReceipt"), ("new sale", "newSale"), ("no sale", "noSale"), ("no order", "noOrder"),
        ("set-pin", "setPin"), ("register", "register"), ("add", "add"), ("remove", "remove"), ("unlock", "unlock"),
        ("order", "order"), ("sale", "sale"),
    ]

    /// An approval's stored reference as a person reads it in this language; a reason a person typed (a no-sale's
    /// "Wechselgeld") is shown as typed.
    public func approvalReference(_ reference: String) -> String {
        for (code, name) in Self.referenceCodes {
            if reference == code { return tr("word.reference." + name, ["rest": ""]).trimmingCharacters(in: .whitespaces) }
            if reference.hasPrefix(code + " ") {
                return tr("word.reference." + name, ["rest": String(reference.dropFirst(code.count + 1))])
            }
        }
        return reference
    }
}

extension L10n {
    /// An approval's stored reference in the screen's language (see `Strings.approvalReference`).
    public static func approvalReference(_ reference: String) -> String {
        screen.approvalReference(reference)
    }
}
