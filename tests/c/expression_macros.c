/* Object-like macros whose bodies are not constants mean what they expand to where they are used, as the
 * preprocessor has it: sizeof, casts, calls, program variables, and the operators whose C result is an int
 * (a C# bool). Constant ones stay named constants. */
#include <stdio.h>
#include <math.h>
#include <limits.h>
#include <string.h>

static const char *words[] = { "alpha", "beta", "gamma" };
static int table[] = { 4, 8, 15, 16, 23, 42 };
int n_global = 7;

#define NWORDS (sizeof(words) / sizeof(words[0]))
#define NTAB (int)(sizeof table / sizeof *table)
#define EPS ((double)1e-9)
#define BUFSZ (4 * sizeof(int))
#define GN n_global
#define PI acos(-1.0)
#define TRUE 1
#define FALSE !TRUE
#define IS_BIG (n_global > 5)
#define PICK (n_global > 5 ? 10 : 20)
#define THIRD (1.0f / 3)
#define BIG INT_MAX
#define HALF_BIG (BIG / 2)
#define DT (0.1 * PI)
#define LAST words[NWORDS - 1]
#define MSG "n=%d\n"

int main(void)
{
    size_t k;
    int i, s = 0;
    char buf[BUFSZ + 1];
    for (k = 0; k < NWORDS; k++)
        printf("%s ", words[k]);
    for (i = 0; i < NTAB; i++)
        s += table[i];
    memset(buf, 'x', BUFSZ);
    buf[BUFSZ] = '\0';
    printf("\n%d %g %zu %d %.10f %d %d %.7f %d %d %.6f\n", s, EPS, BUFSZ, GN, PI, TRUE, FALSE, THIRD, BIG,
           HALF_BIG, DT);
    GN = 3;  /* a macro naming a variable is the variable */
    printf("%s %d %d %d %s %zu\n", LAST, IS_BIG, PICK, GN, buf, strlen(buf));
    printf(MSG, NTAB + (FALSE ? 100 : 0));
    return 0;
}
