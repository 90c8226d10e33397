import ArgumentParser

/// `pos reader`: payment terminals. (This branch has only `install-udev-rules`; the drivers branch adds the rest.)
struct ReaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Payment terminals: access rules, discovery, payments.",
        subcommands: [ReaderInstallUdevRulesCommand.self]
    )
}
