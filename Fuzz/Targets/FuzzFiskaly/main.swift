import FuzzSupport

runFuzzer(fuzzFiskaly)
