import ArgumentParser
import Composition
import Foundation
import Hardware
import HardwareLinux
import Localization
import POSFoundation

/// `pos reader watch` (hidden): prints one line per reader event — `reader-present`, `reader-appeared`,
/// `reader-disappeared` with the USB id — for the QEMU guest tests and for diagnosis.
///
/// With `--pay AMOUNT --reader URL` it takes one payment on that reader once it is present. When the reader is
/// pulled out during the payment, it waits for the reader to come back, reconnects and asks the terminal what
/// happened (`resolveUnknownOutcome`): approved → done; not charged → pays again; still unknown → reports it.
/// The card is never charged twice for one payment. It keeps watching after the payment until stopped.
struct ReaderWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: L10n.tr("cli.readerWatch.abstract"),
        shouldDisplay: false
    )

    @Option(help: .tr("cli.readerWatch.pay.help")) var pay: String?
    @Option(help: .tr("cli.readerWatch.reader.help")) var reader: String?
    @Option(help: .tr("cli.readerWatch.currency.help")) var currency = "EUR"

    func validate() throws {
        if pay != nil && reader == nil { throw ValidationError(L10n.tr("cli.invalid.readerWatch.1")) }
    }

    func run() async throws {
        let presence = DevicePresence(monitor: LiveDevices.monitor())
        // Subscribed before starting, so no plug between the first list and the events is lost.
        let events = presence.events()
        do { try await presence.start() } catch {
            Console.error(L10n.tr("cli.error.udevMonitor", ["error": "\(error)"]))
            throw ExitStatus.readerUnavailable.exitCode
        }
        for device in await presence.devices { Self.say("reader-present \(device.idString)") }
        let printer = Task {
            for await event in events {
                switch event {
                case .added(let device): Self.say("reader-appeared \(device.idString)")
                case .removed(let device): Self.say("reader-disappeared \(device.idString)")
                }
            }
        }
        guard let pay, let reader else {
            await printer.value
            return
        }
        let address: ReaderAddress
        do { address = try ReaderAddress(reader) } catch {
            Console.error(error)
            throw ExitStatus.usage.exitCode
        }
        let money = try ReaderSession.money(pay, currency: currency)
        let payment = ReplugPayment(address: address, amount: money, presence: presence)
        let outcome = await payment.run()
        Self.say("watch-done \(outcome)")
        // Keeps reporting reader events until stopped, so a replug after the payment is seen too.
        await printer.value
    }

    /// One line on stdout, flushed at once (the guest harness waits for these lines).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
