import FuzzSupport

runFuzzer(fuzzLabel)
