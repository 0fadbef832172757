/* stdatomic.h's generic functions in a program that starts no threads (a rank of the port is one thread):
 * atomic_init, atomic_load, atomic_store, atomic_fetch_add and atomic_fetch_sub (their results are the old values) and
 * the _explicit forms, on atomic_int, atomic_long and atomic_uint (wrapping). Located errors before round 11
 * (probe11; fuzz round9 input 13). An argument with an operator (`atomic_store(&t, 1L << 40)`) is still the reader's
 * located -Wmacro-operator: the macro is the library's, its expansion's tokens are not the program's. */
#include <stdio.h>
#include <stdatomic.h>

static atomic_long total;

int main(void)
{
    atomic_int c;
    atomic_uint u = 1u;
    atomic_init(&c, 10);
    int old = atomic_fetch_add(&c, 5);
    int before = atomic_fetch_sub_explicit(&c, 3, memory_order_relaxed);
    long big = 1L << 40;
    atomic_store(&total, big);
    long t = atomic_fetch_add(&total, 2) + atomic_load(&total);
    unsigned w = atomic_fetch_sub(&u, 2u);
    int doubled = atomic_load_explicit(&c, memory_order_acquire) * 2;
    atomic_store_explicit(&c, doubled, memory_order_release);
    printf("%d %d %d %ld %u %u\n", old, before, atomic_load(&c), t, w, atomic_load(&u));
    return 0;
}
