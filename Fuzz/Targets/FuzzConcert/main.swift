import FuzzSupport

runFuzzer(fuzzConcert)
