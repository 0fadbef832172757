/* __attribute__((cleanup)) on a for loop's own variable: gcc calls it when the loop ends; no block's statements hold the declaration */
#include <stdio.h>
static void done(int *p) { printf("cleanup %d\n", *p); }
int main(void) { for (int i __attribute__((cleanup(done))) = 0; i < 2; i++) printf("i %d\n", i); return 0; }
