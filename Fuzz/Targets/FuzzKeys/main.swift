import FuzzSupport

runFuzzer(fuzzKeys)
