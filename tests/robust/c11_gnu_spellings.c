/* C11's and GNU's spellings a legacy code base mixes (round 10, by hand): <stdalign.h>'s `alignof` macro ("cannot
   read this expression inside a macro expansion"), `__extension__ ({ ... })` written in the program ("cannot recover
   a unary operator"), `char s4[] = {"xyz"}` (CS0029), `char s3[3] = "abc"` without room for the NUL (a run-time
   ArgumentException), with _Static_assert, bit-fields of an enum, compound literals, nested designators, typeof. */
#include <stdio.h>
#include <stddef.h>
#include <stdalign.h>
#include <stdnoreturn.h>
_Static_assert(sizeof(int) == 4, "int is 4 bytes");
enum mode { OFF, ON = 5, AUTO };
struct flags { enum mode m : 4; unsigned ready : 1; };
struct pt { int x, y; };
struct poly { int n; struct pt v[3]; };
static inline int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static int sum3(const int *restrict a) { register int s = 0; for (int i = 0; i < 3; i++) s += a[i]; return s; }
static volatile int ticks;
__attribute__((unused)) static int unused_helper(void) { return 1; }
int main(void) {
    alignas(16) double buf[4] = {0};
    printf("%zu %zu %d\n", alignof(double), sizeof(struct { int a; char b; }), (int)(sizeof buf / sizeof buf[0]));
    struct flags f = { AUTO, 1 };
    printf("%d %u\n", f.m, f.ready);
    int *lit = (int[]){4, 5, 6};
    printf("%d %d\n", sum3(lit), sum3((int[3]){1, 1, 1}));
    int grid[3][4] = { [1][2] = 5, [2] = {7, 8} };
    printf("%d %d %d %d\n", grid[1][2], grid[2][0], grid[2][1], grid[0][3]);
    char s3[3] = "abc";
    char s4[] = {"xyz"};
    printf("%c%c%c %zu %s\n", s3[0], s3[1], s3[2], sizeof s4, s4);
    struct poly p = { 3, { {0, 0}, [2] = {2, 2}, [1].y = 9 } };
    printf("%d %d %d %d\n", p.v[1].x, p.v[1].y, p.v[2].x, p.n);
    int y = __extension__ ({ int t = 3; t * 2; });
    if (__builtin_expect(y == 6, 1)) printf("expect ok %d\n", clampi(y, 0, 4));
    __typeof__(y) z = y + 1; typeof(p) q = p;
    printf("%d %d %zu\n", z, q.v[2].y, offsetof(struct poly, v[1].y));
    ticks++; ticks += 2;
    printf("%d\n", ticks);
    return 0;
}
