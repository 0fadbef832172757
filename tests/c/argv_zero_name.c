/* argv[0] as usage messages print it: its last component (the program's name without a directory). */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    const char *name = strrchr(argv[0], '/');
    name = name ? name + 1 : argv[0];
    printf("argc %d, argv[1] %s\n", argc, argv[1]);
    printf("usage: %s FILE\n", name);
    return 0;
}
