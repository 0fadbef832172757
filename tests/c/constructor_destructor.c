/* GNU constructor and destructor attributes: functions gcc runs before main and at exit, by priority and then in
 * the order of the file, around main's own atexit handlers, after a return from main and after exit(). */
#include <stdio.h>
#include <stdlib.h>

static int ready;
static int order[8], n;

__attribute__((constructor)) static void init_a(void) { ready += 1; order[n++] = 1; printf("ctor a\n"); }
__attribute__((destructor)) static void fini_a(void) { printf("dtor a (ready %d)\n", ready); }
static void __attribute__((constructor(101))) init_early(void) { ready *= 10; order[n++] = 2; printf("ctor 101\n"); }
__attribute__((constructor)) void init_b(void) { ready += 100; order[n++] = 3; printf("ctor b\n"); }
__attribute__((destructor)) void fini_b(void) { printf("dtor b\n"); }
__attribute__((destructor(200))) static void fini_200(void) { printf("dtor 200\n"); }
static void handler(void) { printf("atexit handler\n"); }

int main(void) {
    printf("main: ready %d, order %d %d %d\n", ready, order[0], order[1], order[2]);
    atexit(handler);
    ready = -1;
    return 0;
}
