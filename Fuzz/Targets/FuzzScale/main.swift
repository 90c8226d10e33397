import FuzzSupport

runFuzzer(fuzzScale)
