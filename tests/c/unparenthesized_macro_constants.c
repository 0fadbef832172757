/* Object-like macros whose body is arithmetic with an operator outside parentheses (EPCC's image case study:
 * `#define MP M/P`, used as `bigbuf[i+rank*MP][j]`): C pastes the tokens, so an operator next to the use binds
 * into the body (`rank*M/P` is `(rank*M)/P`); as a C# constant it would be `rank*(M/P)`. Such uses read the body
 * in the text; the others (an array length, `n = MP;`) keep the constant. A macro built on one (`2*MP`) too. */
#include <stdio.h>

#define M 190
#define P 4
#define MP M/P
#define HALF 1/2
#define NEG -1
#define TWICE_MP 2*MP
#define SUM 3+4
#define PSUM (3+4)
#define SHIFTED 1<<3

int main(void)
{
    int buf[MP];
    int rank = 3, i = 1;
    buf[0] = MP;
    printf("%d %d %d %d\n", i + rank*MP, (int)(sizeof buf / sizeof buf[0]), 10*HALF, buf[0]);
    printf("%d %d %d %d %d\n", 5-NEG, TWICE_MP, 2*SUM, 2*PSUM, SUM*2);
    printf("%d %d %d %d\n", MP%7, -MP, SHIFTED+1, 100/MP);
    double x = 7.0;
    printf("%.3f %.3f\n", x*HALF, x*MP);
    return 0;
}
