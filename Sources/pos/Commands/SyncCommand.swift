import ArgumentParser
import Composition
import Foundation
import Localization
import POSFoundation
import Yosemite

/// `pos sync`: sends the queued sales to the store, exactly once, and says what is left.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: L10n.tr("cli.sync.abstract"),
        discussion: L10n.tr("cli.sync.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    @Option(help: .tr("cli.sync.maxWait.help"))
    var maxWait: Int = 60

    @Flag(help: .tr("cli.sync.list.help"))
    var list = false

    @Option(help: .tr("cli.sync.retry.help"))
    var retry: Int64?

    @Option(help: .tr("cli.sync.discard.help"))
    var discard: Int64?

    @Flag(help: .tr("cli.sync.confirmDiscard.help"))
    var confirmDiscard = false

    @MainActor
    func run() async throws {
        let manager = try SyncCommandSupport.authenticatedManager(data: data)
        do {
            if let retry {
                _ = try await manager.dispatch { SyncAction.retryParked(entryID: retry, reply: $0) }
            }
            if let discard {
                let item = try await manager.dispatch {
                    SyncAction.discardParked(entryID: discard, confirmed: confirmDiscard, reply: $0)
                }
                if !json {
                    Console.out(L10n.tr("cli.sync.out.discarded", ["id": "\(item.id)", "kind": L10n.word(.outboxKind, item.kind), "order": "\(item.orderId ?? 0)"]))
                }
            }
            if list {
                let items = try await manager.dispatch { SyncAction.loadQueue(reply: $0) }
                try SyncReport.printQueue(items, json: json)
                return
            }
            let summary = try await manager.dispatch {
                SyncAction.syncNow(maxWait: .seconds(maxWait), reply: $0)
            }
            let items = try await manager.dispatch { SyncAction.loadQueue(reply: $0) }
            try SyncReport.print(summary, queue: items, json: json)
            throw SyncExitStatus(summary).exitCode
        } catch let error as SyncError {
            Console.error(error)
            switch error {
            case .storage, .lockUnavailable: throw ExitStatus.storageFailure.exitCode
            case .noSuchParkedEntry, .discardNeedsConfirmation: throw ExitStatus.usage.exitCode
            case .anotherSenderRunning, .storeRefused, .interrupted: throw ExitStatus.failure.exitCode
            case .unhandled: throw ExitStatus.notLoggedIn.exitCode
            }
        }
    }
}

/// Opening the counter for sync commands.
enum SyncCommandSupport {
    @MainActor
    static func authenticatedManager(data: DataDirectoryOptions) throws -> StoresManager {
        let directory = try data.resolve()
        let environment: AppEnvironment
        do {
            environment = try AppEnvironment.live(dataDirectory: directory, logger: LoggingSetup.logger())
        } catch {
            Console.openFailure(error, directory: directory)
            throw ExitStatus.storageFailure.exitCode
        }
        let manager = StoresManager(environment: environment)
        if manager.isDemo {
            // As docs/counter.md says: the demo store has no server, so there is never anything to send.
            Console.out(L10n.tr("cli.out.sync.demo"))
            throw ExitStatus.success.exitCode
        }
        guard manager.isAuthenticated else {
            Console.error(L10n.tr("cli.error.notLoggedIn.login"))
            throw ExitStatus.notLoggedIn.exitCode
        }
        return manager
    }
}
