#include <stdio.h>
/* K&R main with a char count: clang refuses it only in a prototype, gcc warns */
main(argc, argv)
char argc;
char **argv;
{
    printf("%d\n", argc);
    return 0;
}
