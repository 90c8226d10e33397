import FuzzSupport

runFuzzer(fuzzZVT)
