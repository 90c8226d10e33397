import Localization
import POSFoundation

/// Decides from the terminal's last transaction (Repeat Receipt) what became of an ``UnknownCardOutcome``.
///
/// "Approved" only when the last transaction is provably the attempt: its receipt number differs from the one
/// journalled before the attempt, its amount is the attempt's, and, where the terminal sends a date and time, it
/// lies between the attempt's start (less ``skewSeconds``) and the start plus ``maximumAttemptSeconds``. Without a
/// journalled previous number the amount and the time must both match. "Not charged" only when the last
/// transaction is still the journalled previous one (and not dated after the attempt), or is provably the attempt
/// and declined. Anything weaker stays unknown: never approved, never "not charged" by guess.
///
/// ```swift
/// let matcher = UnknownOutcomeMatcher(utcOffsetSeconds: 3600)    // the terminal's clock runs on CET
/// switch matcher.resolution(of: unknown, lastTransaction: repeated) { … }
/// ```
public struct UnknownOutcomeMatcher: Hashable, Sendable {
    /// How far the terminal's clock may be off the counter's, in seconds.
    public var skewSeconds: Int64
    /// How long after its start an attempt may have been booked, in seconds.
    public var maximumAttemptSeconds: Int64
    /// The offset of the terminal's local time from UTC, in seconds (terminals send local time without a zone).
    public var utcOffsetSeconds: Int64

    /// Creates a matcher; the defaults allow a 90 s clock skew and a 10 minute attempt, with terminal time in UTC.
    public init(skewSeconds: Int64 = 90, maximumAttemptSeconds: Int64 = 600, utcOffsetSeconds: Int64 = 0) {
        self.skewSeconds = skewSeconds
        self.maximumAttemptSeconds = maximumAttemptSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// What the terminal's last transaction says about the unknown attempt.
    public func resolution(of unknown: UnknownCardOutcome, lastTransaction: PaymentResult?) -> UnknownOutcomeResolution {
        guard let last = lastTransaction else { return .stillUnknown(reason: L10n.tr("reader.match.noLastTransaction")) }
        let start = unknown.startedAtUnixTime
        let bookedAt = last.timestamp.flatMap { unixTime(of: $0, near: start) }
        if let previous = unknown.previousReceiptNumber, last.receiptNumber == previous {
            if let start, let bookedAt, bookedAt > start + skewSeconds {
                return .stillUnknown(reason: L10n.tr("reader.match.numberingRestarted", ["receipt": String(previous)]))
            }
            return .notCharged
        }
        guard last.receiptNumber != nil else {
            return .stillUnknown(reason: L10n.tr("reader.match.noReceiptNumber"))
        }
        if let amount = unknown.amount, last.amount.minorUnits != amount.minorUnits || last.amount.currency.code != amount.currency.code {
            return .stillUnknown(reason: L10n.tr("reader.match.otherAmount", ["amount": last.amount.decimalString]))
        }
        if unknown.amount == nil, unknown.kind != .reversal {
            return .stillUnknown(reason: L10n.tr("reader.match.amountUnknown"))
        }
        switch (start, bookedAt) {
        case (let start?, let bookedAt?):
            if bookedAt < start - skewSeconds {
                return .stillUnknown(reason: L10n.tr("reader.match.bookedBefore"))
            }
            if bookedAt > start + skewSeconds + maximumAttemptSeconds {
                return .stillUnknown(reason: L10n.tr("reader.match.bookedLongAfter"))
            }
        default:
            if unknown.previousReceiptNumber == nil {
                return .stillUnknown(reason: L10n.tr("reader.match.cannotTie"))
            }
        }
        guard last.resultCode.isSuccess else { return .notCharged }
        return .approved(last)
    }

    /// The terminal's local date and time as seconds since 1970 UTC; a missing year is the one nearest `reference`.
    func unixTime(of timestamp: TerminalTimestamp, near reference: Int64?) -> Int64? {
        guard let month = timestamp.month, let day = timestamp.day, let hour = timestamp.hour,
              let minute = timestamp.minute, let second = timestamp.second,
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        func seconds(year: Int) -> Int64 {
            let days = Int64(CivilDate.days(year: year, month: month, day: day))
            return days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - utcOffsetSeconds
        }
        if let year = timestamp.year { return seconds(year: year) }
        guard let reference else { return nil }
        let referenceYear = CivilDate.date(ofDay: Int((reference + utcOffsetSeconds).floorDivided(by: 86_400))).year
        return [referenceYear - 1, referenceYear, referenceYear + 1].map(seconds(year:))
            .min { abs($0 - reference) < abs($1 - reference) }
    }
}

private extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
