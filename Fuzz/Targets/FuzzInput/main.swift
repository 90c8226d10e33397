import FuzzSupport

runFuzzer(fuzzInput)
