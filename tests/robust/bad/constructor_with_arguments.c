/* A constructor that takes main's arguments (glibc passes argc, argv and envp to .init_array functions): the
 * port calls constructors without arguments, so it refuses this one */
#include <stdio.h>
__attribute__((constructor)) static void startup(int argc, char **argv) { printf("%d %s\n", argc, argv[0]); }
int main(void) { return 0; }
