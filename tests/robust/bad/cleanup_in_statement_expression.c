/* __attribute__((cleanup)) inside a statement expression: the block's last statement is its value, which a cleanup call written after it would change */
#include <stdio.h>
static void done(int *p) { printf("cleanup %d\n", *p); }
int main(void) { int v = ({ __attribute__((cleanup(done))) int x = 5; x + 1; }); printf("%d\n", v); return 0; }
