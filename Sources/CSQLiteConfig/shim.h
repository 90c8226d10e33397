#include <sqlite3.h>

/// sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0): stops SQLite counting every allocation under a global mutex.
/// sqlite3_config is variadic, so Swift cannot call it; it works only before SQLite initialises (SQLITE_MISUSE after).
static inline int pos_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
