import FuzzSupport

runFuzzer(fuzzLayout)
