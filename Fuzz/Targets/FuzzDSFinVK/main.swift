import FuzzSupport

runFuzzer(fuzzDSFinVK)
