// WooTestServer: filled in by its own files.
