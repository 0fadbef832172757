/* a static main: gcc warns, and the link finds no entry point (round 8 by hand: the port ran it) */
#include <stdio.h>
static int main(void) {
    printf("static\n");
    return 0;
}
