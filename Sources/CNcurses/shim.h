#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>
#include <signal.h>
#include <unistd.h>
#include <termios.h>
#include <string.h>

/// Curses macros and globals that Swift does not import, as functions.
static inline WINDOW *CNcurses_stdscr(void) { return stdscr; }
/// Starts curses on stdout/stdin without exiting on an unknown TERM (NULL then).
static inline SCREEN *CNcurses_newterm(void) { return newterm(NULL, stdout, stdin); }
static inline int CNcurses_colorPair(int n) { return (int)COLOR_PAIR(n); }
static inline int CNcurses_bold(void) { return (int)A_BOLD; }
static inline int CNcurses_reverse(void) { return (int)A_REVERSE; }
static inline int CNcurses_underline(void) { return (int)A_UNDERLINE; }

/// The terminal's size from the kernel (rows, columns); 0 when stdout is not a terminal.
static inline void CNcurses_windowSize(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0) { *rows = ws.ws_row; *cols = ws.ws_col; } else { *rows = 0; *cols = 0; }
}

static inline void CNcurses_setAttributes(WINDOW *w, int attrs) { wattrset(w, attrs); }
static inline void CNcurses_put(WINDOW *w, int y, int x, const char *text) { wmove(w, y, x); waddstr(w, text); }

/// A terminfo string capability (e.g. "kf1"), or NULL when the terminal has none.
static inline const char *CNcurses_stringCapability(const char *name) {
    char *s = tigetstr((char *)name);
    if (s == (char *)-1 || s == NULL) return NULL;
    return s;
}

// MARK: - Restoring the terminal on a fatal signal
// Only async-signal-safe calls in the handler: tcsetattr and write restore the saved mode and leave the
// alternate screen; then the default action runs by re-raising. They are called from one Swift file
// (TerminalRestorer.swift) so there is one copy of the saved state.

struct CNcurses_SavedTerminal { struct termios mode; int valid; int fd; };

/// The saved terminal state (a function-local static: Swift emits no file-scope statics from headers).
static inline struct CNcurses_SavedTerminal *CNcurses_saved(void) {
    static struct CNcurses_SavedTerminal saved = { .valid = 0, .fd = 1 };
    return &saved;
}

static void CNcurses_fatalSignalHandler(int sig) {
    static const char reset[] = "\033[0m\033[?25h\033[?1049l\033[?1l\033>\r\n";
    struct CNcurses_SavedTerminal *saved = CNcurses_saved();
    if (saved->valid) tcsetattr(saved->fd, TCSANOW, &saved->mode);
    ssize_t ignored = write(saved->fd, reset, sizeof reset - 1);
    (void)ignored;
    signal(sig, SIG_DFL);
    raise(sig);
}

/// Saves the terminal mode of `fd` (before curses changes it) for the signal handler.
static inline void CNcurses_saveMode(int fd) {
    struct CNcurses_SavedTerminal *saved = CNcurses_saved();
    saved->fd = fd;
    saved->valid = tcgetattr(fd, &saved->mode) == 0;
}

/// Installs the restoring handler for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT.
static inline void CNcurses_installFatalSignalHandlers(void) {
    int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = CNcurses_fatalSignalHandler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        sigaction(signals[i], &action, NULL);
    }
}

/// Puts the default actions back (after a clean endwin).
static inline void CNcurses_removeFatalSignalHandlers(void) {
    int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) signal(signals[i], SIG_DFL);
}
#endif
