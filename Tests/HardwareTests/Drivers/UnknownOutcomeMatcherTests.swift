import Hardware
import POSFoundation
import Testing

/// The resolution rules for an unknown card outcome: approved only when provably this attempt.
@Suite struct UnknownOutcomeMatcherTests {
    static let amount = Money(minorUnits: 1250, currency: .eur)
    /// 2026-09-21 14:13:20 UTC.
    static let start: Int64 = 1_790_000_000
    static let matcher = UnknownOutcomeMatcher(skewSeconds: 90, maximumAttemptSeconds: 600)

    static func unknown(previous: Int?, start: Int64? = start, amount: Money = amount) -> UnknownCardOutcome {
        UnknownCardOutcome(reader: "zvt+tcp://x:1", kind: .payment, amount: amount, reason: "transportFailed",
                           previousReceiptNumber: previous, startedAtUnixTime: start)
    }

    static func last(receipt: Int?, amount: Money = amount, at time: TerminalTimestamp? = nil,
                     result: ZVTResultCode = .success) -> PaymentResult {
        PaymentResult(amount: amount, resultCode: result, receiptNumber: receipt, timestamp: time)
    }

    static func time(_ hour: Int, _ minute: Int, _ second: Int, year: Int? = nil, month: Int = 9, day: Int = 21) -> TerminalTimestamp {
        TerminalTimestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    @Test func resolution_lastReceiptIsJournalledPrevious_isNotCharged() {
        let resolution = Self.matcher.resolution(of: Self.unknown(previous: 7), lastTransaction: Self.last(receipt: 7))
        #expect(resolution == .notCharged)
    }

    @Test func resolution_previousNumberButDatedAfterStart_staysUnknown() {
        // Given: the terminal's numbering restarted, so "receipt 7" is a new transaction dated after the attempt
        let last = Self.last(receipt: 7, at: Self.time(14, 20, 0))

        // When
        let resolution = Self.matcher.resolution(of: Self.unknown(previous: 7), lastTransaction: last)

        // Then
        guard case .stillUnknown = resolution else { Issue.record("expected stillUnknown, got \(resolution)"); return }
    }

    @Test func resolution_newReceiptSameAmountWithinWindow_isApproved() {
        let last = Self.last(receipt: 8, at: Self.time(14, 13, 50))
        #expect(Self.matcher.resolution(of: Self.unknown(previous: 7), lastTransaction: last) == .approved(last))
    }

    @Test func resolution_newReceiptSameAmountTerminalSendsNoTime_isApproved() {
        let last = Self.last(receipt: 8)
        #expect(Self.matcher.resolution(of: Self.unknown(previous: 7), lastTransaction: last) == .approved(last))
    }

    @Test func resolution_newReceiptOtherAmount_staysUnknownNotGuessedNotCharged() {
        let last = Self.last(receipt: 8, amount: Money(minorUnits: 999, currency: .eur), at: Self.time(14, 13, 50))
        guard case .stillUnknown = Self.matcher.resolution(of: Self.unknown(previous: 7), lastTransaction: last) else {
            Issue.record("expected stillUnknown"); return
        }
    }

    @Test func resolution_freshConnectionOlderApprovalSameAmount_staysUnknown() {
        // Given: after a crash the previous number is unknown; the terminal's last approval is an older one of
        // the same amount, booked 17 minutes before this attempt started
        let older = Self.last(receipt: 5, at: Self.time(13, 56, 40))

        // When
        let resolution = Self.matcher.resolution(of: Self.unknown(previous: nil), lastTransaction: older)

        // Then
        guard case .stillUnknown = resolution else { Issue.record("an older approval resolved as \(resolution)"); return }
    }

    @Test func resolution_knownPreviousOlderApprovalBookedBeforeStart_staysUnknown() {
        let older = Self.last(receipt: 6, at: Self.time(13, 56, 40))
        guard case .stillUnknown = Self.matcher.resolution(of: Self.unknown(previous: 5), lastTransaction: older) else {
            Issue.record("expected stillUnknown"); return
        }
    }

    @Test func resolution_previousUnknownNoTerminalTime_staysUnknown() {
        guard case .stillUnknown = Self.matcher.resolution(of: Self.unknown(previous: nil), lastTransaction: Self.last(receipt: 5)) else {
            Issue.record("expected stillUnknown"); return
        }
    }

    @Test func resolution_previousUnknownAmountAndTimeMatch_isApproved() {
        let last = Self.last(receipt: 1, at: Self.time(14, 13, 30))
        #expect(Self.matcher.resolution(of: Self.unknown(previous: nil), lastTransaction: last) == .approved(last))
    }

    @Test func resolution_bookedLongAfterStart_staysUnknown() {
        let later = Self.last(receipt: 9, at: Self.time(15, 13, 20))
        guard case .stillUnknown = Self.matcher.resolution(of: Self.unknown(previous: 7), lastTransaction: later) else {
            Issue.record("expected stillUnknown"); return
        }
    }

    @Test func resolution_provablyThisAttemptDeclined_isNotCharged() {
        let declined = Self.last(receipt: 8, at: Self.time(14, 13, 50), result: ZVTResultCode(rawValue: 0x05))
        #expect(Self.matcher.resolution(of: Self.unknown(previous: 7), lastTransaction: declined) == .notCharged)
    }

    @Test func resolution_noLastTransaction_staysUnknown() {
        guard case .stillUnknown = Self.matcher.resolution(of: Self.unknown(previous: 7), lastTransaction: nil) else {
            Issue.record("expected stillUnknown"); return
        }
    }

    @Test func resolution_terminalOnLocalTimeWithOffset_matchesAfterConversion() {
        // Given: a terminal on CEST (UTC+2) books at 16:13:40 local = 14:13:40 UTC
        let matcher = UnknownOutcomeMatcher(utcOffsetSeconds: 7200)
        let last = Self.last(receipt: 1, at: Self.time(16, 13, 40))

        // Then
        #expect(matcher.resolution(of: Self.unknown(previous: nil), lastTransaction: last) == .approved(last))
        guard case .stillUnknown = Self.matcher.resolution(of: Self.unknown(previous: nil), lastTransaction: last) else {
            Issue.record("without the offset the time must not match"); return
        }
    }

    @Test func resolution_dateWithoutYearAcrossNewYear_takesNearestYear() {
        // Given: the attempt started 2026-12-31 23:59:50 UTC; the terminal booked 01-01 00:00:10 without a year
        let start: Int64 = 1_798_761_590
        let last = Self.last(receipt: 3, at: Self.time(0, 0, 10, month: 1, day: 1))

        // Then
        #expect(Self.matcher.resolution(of: Self.unknown(previous: nil, start: start), lastTransaction: last) == .approved(last))
    }
}
