// Hardware: filled in by its own files.
