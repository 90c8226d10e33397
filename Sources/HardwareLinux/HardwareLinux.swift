// HardwareLinux: filled in by its own files.
