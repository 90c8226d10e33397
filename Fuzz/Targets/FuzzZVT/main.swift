fuzzMain()
