import Foundation
import POSFoundation
import SnapshotTesting
import Testing
import Yosemite
@testable import Counter

/// Screens taller than 80×24 scroll with the usual keys and mark what is hidden; a cut message ends in "… ^E" and an
/// input line keeps what was typed in view.
@Suite(.screenSnapshots)
@MainActor
struct ScrollingScreensTests {
    let format = SellPresenterTests.format

    /// A closed shift with two cashiers and the terminal's end of day: more rows than 80×24 holds.
    static func busyReport() -> ZReport {
        var report = ShiftPresenterTests.report(counted: 9600)
        report.register = "K1"
        report.noSaleOpens = 1
        report.cashiers = [.init(name: "Ann", salesCount: 1, grossSales: 220, cashTaken: 220),
                           .init(name: "Bob", salesCount: 1, grossSales: 3000, cardTaken: 3000, refundCount: 1, refunds: 100)]
        report.refundCount = 1
        report.refunds = 100
        report.terminalClosing = .init(reader: "sim://", ranAt: Date(timeIntervalSince1970: 3500), failure: nil,
                                       total: 2900, count: 2, cardTotals: [], terminalID: "52500038",
                                       expectedTotal: 2900, expectedCount: 2)
        return report
    }

    @Test func scrollRegion_keysMoveWithinRange_andReportTheEnd() {
        var scroll = ScrollRegion()
        scroll.layout(total: 30, visible: 10)
        #expect(scroll.canScroll && !scroll.isAtEnd)
        var handled = scroll.handle(.pageDown)
        #expect(handled && scroll.offset == 9)
        handled = scroll.handle(.end)
        #expect(handled && scroll.offset == 20 && scroll.isAtEnd)
        handled = scroll.handle(.down)
        #expect(handled && scroll.offset == 20)
        handled = scroll.handle(.home)
        #expect(handled && scroll.offset == 0)
        handled = scroll.handle(.up, arrows: false) || scroll.handle(.function(5))
        #expect(!handled)
        handled = scroll.handle(.up)
        #expect(handled && scroll.offset == 0)
        // Fewer lines than rows: nothing scrolls.
        scroll.layout(total: 5, visible: 10)
        #expect(!scroll.canScroll && scroll.isAtEnd && scroll.offset == 0)
    }

    @Test func zReportAt80x24_twoCashiersAndTerminalCheck_pagesToItsLastRow() {
        // Given a closed shift's report at the Linux console's size
        var response = ShiftDataFlow.Response()
        response.isLoaded = true
        response.closed = Self.busyReport()
        let model = ShiftPresenter(format: format).viewModel(response)
        let area = CanvasRect(row: 1, column: 0, height: 22, width: 80)
        var scroll = ScrollRegion()
        var top = TextCanvas(size: TerminalSize(rows: 24, columns: 80))
        ShiftView.draw(model, scroll: &scroll, in: &top, area: area)
        #expect(scroll.canScroll, "the report has \(model.rows.count) rows, \(scroll.visible) fit")
        // When the cashier pages down to the end
        var pages = [top.rendered()]
        while !scroll.isAtEnd {
            let moved = scroll.handle(.pageDown)
            #expect(moved)
            var canvas = TextCanvas(size: TerminalSize(rows: 24, columns: 80))
            ShiftView.draw(model, scroll: &scroll, in: &canvas, area: area)
            pages.append(canvas.rendered())
        }
        // Then every row was on some page, the last page shows the terminal check, and the marks say what is hidden
        let shown = pages.joined(separator: "\n")
        for row in model.rows {
            #expect(shown.contains(row.label.prefix(20)), "row \(row.label) never shown")
        }
        #expect(pages.first?.contains("▼") == true)
        #expect(pages.last?.contains("▲") == true && pages.last?.contains("▼") == false)
        assertSnapshot(of: pages.first ?? "", as: .screen, named: "zreport-80x24-top")
        assertSnapshot(of: pages.last ?? "", as: .screen, named: "zreport-80x24-end")
    }

    @Test func putMessage_tooLong_endsInTheKeyThatShowsItWhole_putInput_keepsTheTypedEnd() {
        var canvas = TextCanvas(size: TerminalSize(rows: 2, columns: 40))
        let area = CanvasRect(row: 0, column: 0, height: 2, width: 40)
        canvas.putMessage("WooCommerce recalculates line totals when the order is synced later", row: 0, column: 1,
                          clip: area)
        canvas.putInput("Manueller Artikel: Preis MwSt-Klasse Name: 12,99 ermäßigt Käse▏", row: 1, column: 1, clip: area)
        let rows = canvas.rendered().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[0].hasSuffix("… ^E"))
        #expect(rows[0].count == 40)
        #expect(rows[1].hasSuffix("12,99 ermäßigt Käse▏"))
        #expect(rows[1].hasPrefix(" …"))
    }

    @Test func messageOverlay_showsTheWholeMessageWrapped() {
        let text = "The card terminal's end of day failed: the terminal did not answer within 30 s. Run it again with "
            + "pos reader end-of-day before the next shift."
        var canvas = TextCanvas(size: TerminalSize(rows: 24, columns: 80))
        ShellOverlay.message(text).draw(screenTitle: "Shift", keys: [], in: &canvas,
                                        area: CanvasRect(row: 1, column: 0, height: 22, width: 80))
        let screen = canvas.rendered()
        let words = screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" }).joined(separator: " ")
        #expect(words.contains(text))
        #expect(!screen.contains("…"))
    }
}
