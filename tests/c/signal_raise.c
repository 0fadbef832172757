/* signal() and raise() as old codes use them for a clean shutdown: a handler that sets a volatile sig_atomic_t
 * flag, raise(SIGUSR1) running it at once, SIG_IGN ignoring a signal, the previous handler (SIG_DFL at first, a null
 * pointer), and a raised signal with its default action ending the program as the shell reports it (128 + 15,
 * no atexit handler). Once unmapped functions. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static volatile sig_atomic_t got;

static void on_signal(int sig) { got = sig; }
static void never(void) { printf("atexit handler\n"); }

int main(void) {
    void (*old)(int) = signal(SIGUSR1, on_signal);
    printf("old default: %d\n", old == SIG_DFL);
    raise(SIGUSR1);
    printf("got %d (SIGUSR1 %d)\n", (int)got, SIGUSR1);
    signal(SIGUSR2, SIG_IGN);
    raise(SIGUSR2);
    printf("still running\n");
    got = 0;
    signal(SIGINT, on_signal);
    raise(SIGINT);
    printf("got %d, previous %d\n", (int)got, signal(SIGINT, SIG_DFL) == on_signal);
    atexit(never);
    fflush(stdout);
    raise(SIGTERM);
    printf("not reached\n");
    return 0;
}
