import CNcurses

/// Gives the terminal back on a fatal signal: the handler (in C, async-signal-safe) restores the saved mode,
/// leaves the alternate screen, shows the cursor, and re-raises so the process ends as the signal says.
enum TerminalRestorer {
    /// Saves the mode of `fd` and installs the handlers; call before curses changes the terminal.
    static func install(fd: Int32) {
        CNcurses_saveMode(fd)
        CNcurses_installFatalSignalHandlers()
    }

    /// Removes the handlers after a clean shutdown.
    static func uninstall() {
        CNcurses_removeFatalSignalHandlers()
    }
}
