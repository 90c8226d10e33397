import FuzzSupport

runFuzzer(fuzzMappers)
