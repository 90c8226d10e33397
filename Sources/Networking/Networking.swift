// Networking: filled in by its own files.
