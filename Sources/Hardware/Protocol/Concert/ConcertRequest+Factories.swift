import POSFoundation

// MARK: - Requests for the ECR's three transactions

extension ConcertRequest {
    /// A sale: debit `amount` from the card, full answer, result after the transaction.
    ///
    /// ```swift
    /// let actions = try session.start(.payment(Money(minorUnits: 1250, currency: .eur), posNumber: 1))
    /// ```
    ///
    /// - Parameters:
    ///   - amount: The amount to charge; rescaled exactly to the currency's ISO minor units.
    ///   - posNumber: The checkout's number, 0 to 99.
    ///   - privateData: Up to 10 ASCII characters the terminal keeps with the transaction (an order reference).
    /// - Throws: ``ConcertMessageError`` when a field does not fit.
    public static func payment(
        _ amount: Money,
        posNumber: Int,
        privateData: String = ""
    ) throws(ConcertMessageError) -> ConcertRequest {
        try ConcertRequest(posNumber: posNumber, amount: amount, transactionType: .debit, privateData: privateData)
    }

    /// A refund: credit `amount` to the card presented at the terminal.
    ///
    /// - Throws: ``ConcertMessageError`` when a field does not fit.
    public static func refund(
        _ amount: Money,
        posNumber: Int,
        privateData: String = ""
    ) throws(ConcertMessageError) -> ConcertRequest {
        try ConcertRequest(posNumber: posNumber, amount: amount, transactionType: .credit, privateData: privateData)
    }

    /// A cancellation (void) of an earlier transaction of `amount`.
    ///
    /// - Throws: ``ConcertMessageError`` when a field does not fit.
    public static func cancellation(
        _ amount: Money,
        posNumber: Int,
        privateData: String = ""
    ) throws(ConcertMessageError) -> ConcertRequest {
        try ConcertRequest(
            posNumber: posNumber, amount: amount, transactionType: .cancellation, privateData: privateData
        )
    }
}
