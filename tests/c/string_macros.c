/* String-literal macros, as legacy codes name file names and formats: kept as C# string constants and
 * used wherever a literal goes (formats, library arguments, char pointers, sizeof), also inside if/while
 * bodies, concatenated, and through another macro. */
#include <stdio.h>
#include <string.h>

#define OUTFILE "result.dat"
#define ROW_FORMAT "%-8s|%4d|%6.2f\n"
#define PREFIX "cmpi"
#define BANNER PREFIX "-" "port"
#define ESCAPES "tab\there\x41\101"

static const char *names[] = { OUTFILE, PREFIX };

int main(void) {
    char buf[32];
    const char *p = OUTFILE;
    int k = 0;
    strcpy(buf, PREFIX);
    strcat(buf, ".");
    printf(ROW_FORMAT, buf, (int)strlen(OUTFILE), 2.5);
    if (strcmp(p, OUTFILE) == 0)
        puts(BANNER);
    while (k < 2) {
        printf("%s %zu %zu\n", names[k], sizeof(OUTFILE), sizeof BANNER);
        k++;
    }
    if (k == 2) printf(ROW_FORMAT, ESCAPES, k, 0.125);
    printf("%zu\n", strlen(ESCAPES));
    return 0;
}
