/* setjmp and longjmp (<setjmp.h>): error recovery across calls, as classic C programs use them (a parser's error
 * exit, a retry loop, nested handlers). They were refused ("the library type 'struct __jmp_buf_tag' has no
 * translation"). Each setjmp form C allows: an if's condition (alone, negated, compared with a constant), a switch's,
 * a whole statement, and the assignment gcc accepts too; longjmp's 0 arriving as 1; a jmp_buf passed to the
 * function that jumps; two jmp_bufs, the inner handler jumping on to the outer one. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf top;
static int depth_reached;

static void fail(jmp_buf where, int code)
{
    longjmp(where, code);
}

static int parse_digit(char c)
{
    if (c < '0' || c > '9')
        longjmp(top, c);  /* the offending character as the code */
    return c - '0';
}

static int parse_number(const char *s)
{
    int n = 0;
    while (*s)
        n = n * 10 + parse_digit(*s++);
    return n;
}

static void descend(int n)
{
    depth_reached = n;
    if (n < 5)
        descend(n + 1);
    longjmp(top, 0);  /* setjmp returns 1 for a 0 */
}

static int inner_handler(int code)
{
    jmp_buf local;
    volatile int stage = 0;
    if (setjmp(local)) {
        printf("inner caught, stage %d: passing %d on\n", stage, code * 10);
        longjmp(top, code * 10);
    }
    stage = 1;
    fail(local, code);
    return -1;
}

int main(void)
{
    const char *inputs[] = {"123", "4x5", "77", "9?"};
    for (int i = 0; i < 4; i++) {
        int code = setjmp(top);
        if (code == 0)
            printf("%s -> %d\n", inputs[i], parse_number(inputs[i]));
        else
            printf("%s: bad character '%c'\n", inputs[i], code);
    }

    if (!setjmp(top)) {
        descend(0);
        printf("not reached\n");
    } else {
        printf("descended to %d\n", depth_reached);
    }

    volatile int attempts = 0;
    switch (setjmp(top)) {
    case 0:
        printf("first try\n");
        attempts++;
        fail(top, 2);
        break;
    case 2:
        printf("second try after %d\n", attempts);
        if (++attempts < 3)
            fail(top, 2);
        printf("third try after %d\n", attempts);
        break;
    default:
        printf("unexpected\n");
    }

    volatile int total = 0;
    if (setjmp(top) == 0)
        total = inner_handler(4);
    else
        total = 99;
    printf("total %d, attempts %d\n", total, attempts);

    setjmp(top);
    if (++total < 102)
        longjmp(top, 1);
    printf("counted to %d\n", total);
    return 0;
}
