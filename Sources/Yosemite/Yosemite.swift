// Yosemite: filled in by its own files.
