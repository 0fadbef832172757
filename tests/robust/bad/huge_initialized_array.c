/* fuzz seed 6 input 4400: an initialized array of 2^32 - 1 pointers (MemoryError: an internal error) */
#include <stdio.h>
static const char *names[4294967295] = {"sin", "cos"};
int main(void) { puts(names[1]); return 0; }
