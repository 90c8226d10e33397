// Storage: filled in by its own files.
