import FuzzSupport

runFuzzer(fuzzPole)
