import ArgumentParser
import Composition
import Foundation
import Hardware
import HardwareLinux
import Localization
import POSFoundation
import Yosemite

/// `pos display`: the customer display, full-screen on this terminal (a second tty, a tmux window, a monitor
/// facing the customer). It connects to the counter's socket in the data directory, draws each state the counter
/// publishes, shows "closed" while no counter serves it, and connects again when one does.
struct DisplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "display",
        abstract: L10n.tr("cli.display.abstract"),
        discussion: L10n.tr("cli.display.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions
    @Option(help: .tr("cli.display.retryMs.help")) var retryMs: Int = 500
    @Flag(help: .tr("cli.display.web.help")) var web = false
    @Option(help: .tr("cli.display.listen.help")) var listen: String?

    /// The environment variable naming the frame log (tests).
    static let frameLogKey = "POS_DISPLAY_FRAME_LOG"

    func run() async throws {
        let directory = try data.resolve()
        if web || listen != nil {
            try await DisplayWeb.run(dataDirectory: directory, listen: listen, retryMs: retryMs)
            return
        }
        let path = CustomerDisplays.socketPath(dataDirectory: directory)
        let decoder = JSONDecoder()
        // Tests await drawn frames instead of polling the screen: one line per frame in this file (a FIFO).
        let frameLog = ProcessInfo.processInfo.environment[Self.frameLogKey].flatMap { FileHandle(forWritingAtPath: $0) }
        var lastDrawn: [String]?
        // The counter's language (the store's) once it has said it; until then the screen's.
        var strings = L10n.screen
        func draw(_ lines: [String], summary: String) {
            guard lines != lastDrawn else { return }
            lastDrawn = lines
            FileHandle.standardOutput.write(Data(CustomerDisplayScreen.frame(lines).utf8))
            try? frameLog?.write(contentsOf: Data("display \(summary)\n".utf8))
        }
        while !Task.isCancelled {
            if let lines = try? UnixLineClient.lines(from: path) {
                for await line in lines {
                    guard let state = try? decoder.decode(CustomerDisplayState.self, from: Data(line.utf8)) else { continue }
                    if let language = state.language { strings = .of(language) }
                    draw(CustomerDisplayScreen.lines(for: state, width: CustomerDisplayScreen.width(), strings: strings),
                         summary: CustomerDisplayScreen.summary(state))
                }
            }
            draw(CustomerDisplayScreen.closed(width: CustomerDisplayScreen.width(), strings: strings), summary: "closed")
            try await Task.sleep(for: .milliseconds(max(50, retryMs)))
        }
    }
}

/// What `pos display` draws: plain text lines, framed with ANSI clear and home.
enum CustomerDisplayScreen {
    /// The terminal's width (40 when it cannot be read), at most 60 columns of content.
    static func width() -> Int {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
        if result == 0, size.ws_col > 0 { return min(60, Int(size.ws_col) - 2) }
        return 40
    }

    /// Clear, home, the lines, and the cursor hidden.
    static func frame(_ lines: [String]) -> String {
        "\u{1B}[?25l\u{1B}[H\u{1B}[2J" + lines.map { " " + $0 }.joined(separator: "\r\n") + "\r\n"
    }

    static func closed(width: Int, strings: Strings) -> [String] {
        ["", centred(strings.tr("display.screen.closed"), width), "", centred(strings.tr("display.screen.notOpen"), width)]
    }

    /// The state as lines: the cart with weights and amounts, the total, what was paid, the change, a thank-you;
    /// the words in `strings` (the store's language, which the counter sends with each state).
    static func lines(for state: CustomerDisplayState, width: Int, strings: Strings) -> [String] {
        switch state.phase {
        case .closed:
            return closed(width: width, strings: strings)
        case .idle:
            return ["", centred(strings.tr("display.screen.welcome"), width), ""]
        case .sale, .paid:
            // Amounts as the store writes them, as on the receipt and the web display ("5,40 €").
            let format = state.amountFormat
            func amount(_ money: Money) -> String { format.string(for: money) }
            var lines: [String] = []
            if let name = state.customerName { lines.append(strings.tr("display.screen.customer", ["name": name])) }
            for line in state.lines {
                let name = line.quantity == 1 || line.weighed != nil ? line.name : "\(line.quantity) x \(line.name)"
                lines.append(spread(name, amount(line.amount), width))
                if let weighed = line.weighed {
                    lines.append("  " + weighed.detail(format))
                }
            }
            lines.append(String(repeating: "-", count: width))
            lines.append(spread(strings.tr("display.screen.total"), amount(state.total), width))
            if let given = state.given {
                lines.append(spread(strings.tr("display.screen.given"), amount(given), width))
            } else if state.paid.minorUnits > 0 {
                lines.append(spread(strings.tr("display.screen.paid"), amount(state.paid), width))
            }
            if state.phase == .sale, state.paid.minorUnits > 0 {
                lines.append(spread(strings.tr("display.screen.due"), amount(state.due), width))
            }
            if state.phase == .paid {
                if let change = state.change { lines.append(spread(strings.tr("display.screen.change"), amount(change), width)) }
                lines.append("")
                lines.append(centred(strings.tr("display.screen.thanks"), width))
                if let number = state.receiptNumber {
                    lines.append(centred(strings.tr("display.screen.receipt", ["number": number]), width))
                }
                if state.tseOutage { lines.append(centred(strings.tr("display.screen.tseOutage"), width)) }
            } else if let step = state.cardStep {
                lines.append("")
                lines.append(centred(strings.tr(step.key), width))
            }
            return lines
        }
    }

    /// One line per drawn state for the frame log: "phase=sale lines=2 total=4.40 paid=0.00 change=-".
    static func summary(_ state: CustomerDisplayState) -> String {
        "phase=\(state.phase.rawValue) lines=\(state.lines.count) total=\(state.total.decimalString) "
            + "paid=\(state.paid.decimalString) change=\(state.change?.decimalString ?? "-")"
    }

    static func spread(_ left: String, _ right: String, _ width: Int) -> String {
        let room = max(1, width - right.count - 1)
        let label = left.count > room ? String(left.prefix(room)) : left
        return label + String(repeating: " ", count: max(1, width - label.count - right.count)) + right
    }

    static func centred(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, (width - text.count) / 2)) + text
    }
}
