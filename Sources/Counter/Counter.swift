// Counter: filled in by its own files.
