/* sizeof's operand forms: an expression is not evaluated (sizeof i++, sizeof f()), a VLA's is (its length), a
 * string literal counts its NUL, a char constant is an int, arrays vs pointers, struct padding, a parameter
 * declared as an array is a pointer, and the element-count macro. */
#include <stdio.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct padded { char c; double d; short s; };
struct tight { char a, b; short s; int i; };

static int calls;
static int f(void) { calls++; return 1; }

static size_t param_size(int a[10]) { return sizeof a; }

int main(void) {
    int i = 5, arr[7];
    int n = 4;
    double vla[n + 1];
    int *p = arr;
    size_t s1 = sizeof i++;
    size_t s2 = sizeof f();
    size_t s3 = sizeof(int[n++]);
    printf("%zu %zu i=%d calls=%d n=%d s3=%zu\n", s1, s2, i, calls, n, s3);
    printf("vla %zu count %zu\n", sizeof vla, COUNT(vla));
    printf("literal %zu, char const %zu, char %zu\n", sizeof "hello", sizeof 'x', sizeof(char));
    printf("arr %zu ptr %zu count %zu param %zu\n", sizeof arr, sizeof p, COUNT(arr), param_size(arr));
    printf("padded %zu tight %zu\n", sizeof(struct padded), sizeof(struct tight));
    printf("expr %zu %zu %zu\n", sizeof(1 + 2.0f), sizeof(1 + 2L), sizeof(arr[0] * 1.0));
    printf("nested %zu %zu\n", sizeof(int[3][5]), sizeof(((struct padded *)0)->d));
    return 0;
}
