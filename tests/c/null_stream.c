/* A stream that fopen could not open, used unchecked (Robey and Zamora's FileRead: `fin = fopen("../file.in", "r");
 * fseek(fin, 0, SEEK_END); input_size = ftell(fin);` run where the file is not): glibc takes the stream's lock
 * through the NULL pointer and the program dies of SIGSEGV, status 139. The port ended with a .NET
 * ArgumentNullException, status 1, before. */
#include <stdio.h>

int main(void)
{
    FILE *fin = fopen("no-such-dir/no-such-file.in", "r");
    printf("fopen gave %s\n", fin == NULL ? "NULL" : "a stream");
    fflush(stdout);  /* what was printed before the crash reaches the pipe in both */
    fseek(fin, 0, SEEK_END);
    printf("not reached: %ld\n", ftell(fin));
    return 0;
}
