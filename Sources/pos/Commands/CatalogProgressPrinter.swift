import Foundation
import Localization
import Yosemite

/// Shows sync progress on standard error: a redrawn bar on a terminal, one line per step and every tenth otherwise.
struct CatalogProgressPrinter: Sendable {
    let isTerminal = isatty(STDERR_FILENO) == 1

    func print(_ stream: AsyncStream<CatalogSyncProgress>) async {
        var lastPhase: CatalogSyncProgress.Phase?
        var lastDecile = -1
        var lastDraw = Date.distantPast
        for await progress in stream {
            if isTerminal {
                let now = Date()
                guard progress.phase != lastPhase || now.timeIntervalSince(lastDraw) > 0.1 else { continue }
                lastDraw = now
                lastPhase = progress.phase
                write("\r\u{1B}[2K" + bar(progress) + (progress.phase == .done ? "\n" : ""))
            } else {
                let decile = progress.fraction.map { Int($0 * 10) } ?? -1
                guard progress.phase != lastPhase || decile != lastDecile else { continue }
                lastPhase = progress.phase
                lastDecile = decile
                write(L10n.tr("cli.catalogSync.out.progress", ["progress": describe(progress)]) + "\n")
            }
        }
    }

    private func bar(_ progress: CatalogSyncProgress) -> String {
        let width = 30
        let filled = Int((progress.fraction ?? 0) * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return "[\(bar)] \(describe(progress))"
    }

    private func describe(_ progress: CatalogSyncProgress) -> String {
        var text = L10n.word(.catalogPhase, progress.phase.rawValue)
        if let total = progress.total, progress.phase != .done { text += " \(progress.completed)/\(total)" }
        if progress.productsStored > 0 { text += ", " + L10n.tr("cli.catalogSync.out.stored", ["count": "\(progress.productsStored)"]) }
        return text
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
