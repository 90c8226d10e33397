// TerminalSimulator: filled in by its own files.
