import FuzzSupport

runFuzzer(fuzzReceipt)
