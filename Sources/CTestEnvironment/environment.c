// Sets, before the test bundle's main runs and while it has a single thread, the environment that every `pos` a
// test starts inherits: through tmux, swift-subprocess or a shell, whichever way the test spawns it.
//
// POS_DEBUG_PIN_COST: cashiers' PINs hashed at scrypt N = 2^8 instead of 2^14 by a debug `pos` (a release build
// ignores it). BoringSSL is unoptimised in a debug build, and the end-to-end tests hash about 160 PINs.
// A test that needs the standard cost sets the variable itself; one already set (by the person running the tests)
// is kept.
#include <stdlib.h>

__attribute__((constructor)) static void pos_test_environment(void) {
    setenv("POS_DEBUG_PIN_COST", "256", 0);
}
