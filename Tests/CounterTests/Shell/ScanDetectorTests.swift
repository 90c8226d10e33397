import Testing
@testable import Counter

struct ScanDetectorTests {
    private func keys(_ text: String, from start: Duration, every gap: Duration) -> [TimedKey] {
        text.enumerated().map { TimedKey(.character($0.element), at: start + gap * $0.offset) }
    }

    @Test func feed_fastBurstEndingInEnter_isOneScan() {
        // Given a scanner typing 13 digits 5 ms apart, then Enter
        var detector = ScanDetector()
        let burst = keys("4006381333931", from: .seconds(1), every: .milliseconds(5))
        // When
        var output = burst.flatMap { detector.feed($0) }
        output += detector.feed(TimedKey(.enter, at: .seconds(1) + .milliseconds(70)))
        // Then no key reaches the field, and the code arrives once
        #expect(output == [.scan("4006381333931")])
    }

    @Test func feed_personTyping_passesKeysThrough() {
        // Given keys 150 ms apart
        var detector = ScanDetector()
        let typed = keys("esp", from: .zero, every: .milliseconds(150))
        // When
        var output = typed.flatMap { detector.feed($0) }
        output += detector.flush(at: .milliseconds(400))
        output += detector.feed(TimedKey(.enter, at: .milliseconds(900)))
        // Then every key arrives as typed, Enter included
        #expect(output == [.key(.character("e")), .key(.character("s")), .key(.character("p")), .key(.enter)])
    }

    @Test func feed_shortFastBurstThenEnter_isNotAScan() {
        var detector = ScanDetector(settings: .init(minimumLength: 4, maximumGap: .milliseconds(30)))
        var output = keys("12", from: .zero, every: .milliseconds(2)).flatMap { detector.feed($0) }
        output += detector.feed(TimedKey(.enter, at: .milliseconds(5)))
        #expect(output == [.key(.character("1")), .key(.character("2")), .key(.enter)])
    }

    @Test func feed_scanWhileThePersonTyped_keepsTheTypedKeysApart() {
        // Given a cashier typed "c" and paused
        var detector = ScanDetector()
        var output = detector.feed(TimedKey(.character("c"), at: .zero))
        // When a scan arrives half a second later
        output += keys("12345", from: .milliseconds(500), every: .milliseconds(3)).flatMap { detector.feed($0) }
        output += detector.feed(TimedKey(.enter, at: .milliseconds(520)))
        // Then the typed key stays a key and the scan is a scan
        #expect(output == [.key(.character("c")), .scan("12345")])
    }

    @Test func flush_beforeTheDeadline_holdsKeys_afterIt_releasesThem() {
        var detector = ScanDetector(settings: .init(minimumLength: 4, maximumGap: .milliseconds(30)))
        _ = detector.feed(TimedKey(.character("a"), at: .milliseconds(100)))
        #expect(detector.deadline == .milliseconds(130))
        #expect(detector.flush(at: .milliseconds(120)).isEmpty)
        #expect(detector.flush(at: .milliseconds(130)) == [.key(.character("a"))])
        #expect(detector.deadline == nil)
    }

    @Test func feed_gapLongerThanTheSetting_breaksTheBurst() {
        // Given a threshold of 10 ms
        var detector = ScanDetector(settings: .init(minimumLength: 4, maximumGap: .milliseconds(10)))
        // When keys come 20 ms apart
        var output = keys("1234", from: .zero, every: .milliseconds(20)).flatMap { detector.feed($0) }
        output += detector.feed(TimedKey(.enter, at: .milliseconds(65)))
        // Then it is typing
        #expect(output.count == 5)
        #expect(output.last == .key(.enter))
    }

    @Test func echo_showsHeldKeysFewerThanAScan_andNothingOnceAsManyAsAScanAreHeld() {
        var detector = ScanDetector(settings: .init(minimumLength: 4, maximumGap: .milliseconds(30)))
        #expect(detector.echo == "")
        // Keys typed close together are held, and echoed while fewer than a scan has
        for (offset, key) in "abc".enumerated() {
            #expect(detector.feed(TimedKey(.character(key), at: .milliseconds(offset))).isEmpty)
        }
        #expect(detector.echo == "abc")
        // The fourth makes them most likely a scan: nothing shows until it resolves
        _ = detector.feed(TimedKey(.character("d"), at: .milliseconds(3)))
        #expect(detector.echo == "")
        // Released as keys after the deadline: nothing held, nothing echoed
        #expect(detector.flush(at: .milliseconds(40)).count == 4)
        #expect(detector.echo == "")
    }

    @Test func echo_clearsWhenTheBurstBecomesAScanOrANonPrintableKeyReleasesIt() {
        var detector = ScanDetector(settings: .init(minimumLength: 2, maximumGap: .milliseconds(30)))
        _ = detector.feed(TimedKey(.character("7"), at: .zero))
        #expect(detector.echo == "7")
        _ = detector.feed(TimedKey(.character("1"), at: .milliseconds(1)))
        #expect(detector.feed(TimedKey(.enter, at: .milliseconds(2))) == [.scan("71")])
        #expect(detector.echo == "")
        _ = detector.feed(TimedKey(.character("x"), at: .seconds(1)))
        #expect(detector.echo == "x")
        #expect(detector.feed(TimedKey(.escape, at: .seconds(1))) == [.key(.character("x")), .key(.escape)])
        #expect(detector.echo == "")
    }
}
