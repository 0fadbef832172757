/* GNU attributes that run code nobody calls: a port without them exited 0 and printed otherwise than gcc's program */
#include <stdio.h>
static int ready;
__attribute__((constructor)) static void init(void) { ready = 42; printf("ctor\n"); }
__attribute__((destructor)) static void fini(void) { printf("dtor\n"); }
int main(void) { printf("%d\n", ready); return 0; }
