/* GNU attributes that run code nobody calls: a port without them exited 0 and printed otherwise than gcc's program */
#include <stdio.h>
static void done(int *p) { printf("cleanup %d\n", *p); }
int main(void) { { __attribute__((cleanup(done))) int x = 5; printf("in\n"); } printf("out\n"); return 0; }
