print("woo-test-server")
