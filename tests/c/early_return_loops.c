/* Helpers with an early return called last in a loop's body: written into the loop, the return a continue
 * (translator/passes/early_returns.py), the loop with a back edge on each way round (csharp/stmts.py,
 * _loop_with_back_edges). Every path: the return taken and not, on the first and the last iteration, a loop that
 * never runs, two initializers and a step of two expressions, a counter declared by the loop, pointer arguments
 * naming a struct element, a scalar and an array element, a value argument; helpers that must stay calls (an index
 * given by address too, a call before the end of the body), and a plain continue (C#'s for loop). */
#include <stdio.h>

typedef struct {
    double x, y;
    double fx, fy;
} body_t;

static int calls;

/* the shape of nbody's apply_force: most pairs leave at once */
static void pull(body_t *on, body_t *from, double *closest, int *near, double scale)
{
    double dx = from->x - on->x;
    double dy = from->y - on->y;
    double d2 = dx * dx + dy * dy;
    calls++;
    if (d2 > 4.0)
        return;
    if (d2 != 0.0) {
        if (d2 < *closest)
            *closest = d2;
        *near += 1;
    } else {
        return;
    }
    on->fx += scale * dx / (d2 + 1.0);
    on->fy += scale * dy / (d2 + 1.0);
}

/* k is given by address as well as used in the other argument's index: stays a call */
static void bump(int *slot, int *k, int limit)
{
    double w = *k * 0.5 + limit;
    if (*k >= limit)
        return;
    *slot += *k + (int)(w * 2.0) + limit * 3;
    if (*slot > 100)
        *slot = 100 - *k;
}

/* called, then the loop goes on: stays a call */
static void count_odd(int v, int *odd)
{
    double w = v * 0.25 + 1.0;
    if (v % 2 == 0)
        return;
    *odd += 1 + (int)(w * 4.0) % 3;
    if (*odd > 1000)
        *odd = 1000 - v;
}

/* skips i == a and i == b, adds a half for multiples of 3 */
static void add_unless(double *total, int i, int a, int b)
{
    double half = 0.25 * 2;
    if (i == a || i == b)
        return;
    if (i % 3 == 0) {
        *total += half;
        return;
    }
    *total += i;
}

static void never(double *total, int i)
{
    double w = i * 1.5 + 2.0;
    if (i)
        return;
    *total = -1 - w;
    if (*total < -100)
        *total = w;
}

static void add_product(double *total, int i, int j)
{
    double p = (double)i * j;
    if ((i + j) % 4 == 0)
        return;
    *total += p;
    if (*total > 1e9)
        *total = 0;
}

static void add_even(double *total, int m)
{
    double w = m * 1.0 + 0.0;
    if (m & 1)
        return;
    *total += w;
    if (*total > 1e9)
        *total = 0;
}

int main(void)
{
    body_t b[7];
    int i, j, near = 0, odd = 0, hist[5] = {0}, k;
    double closest = 100.0, total = 0.0;

    for (i = 0; i < 7; i++) {
        b[i].x = (i * 37 % 11) * 0.5;
        b[i].y = (i * 53 % 7) * 0.75;
        b[i].fx = b[i].fy = 0.0;
    }
    for (i = 0; i < 7; i++) {
        for (j = 0; j < 7; j++)
            pull(&b[i], &b[j], &closest, &near, 0.5 + i);
    }
    for (i = 0; i < 7; i++)
        printf("b[%d] f = (%.6f, %.6f)\n", i, b[i].fx, b[i].fy);
    printf("closest %.4f near %d calls %d\n", closest, near, calls);

    /* the return taken on the first and the last iteration, and in the middle */
    for (i = 0; i < 10; i++)
        add_unless(&total, i, 0, 9);
    printf("total %.1f i %d\n", total, i);

    /* a loop that never runs, and one with two initializers and a step of two expressions */
    for (i = 5; i < 5; i++)
        never(&total, i);
    for (i = 0, j = 20; i < j; i++, j -= 2)
        add_product(&total, i, j);
    printf("total %.1f i %d j %d\n", total, i, j);

    /* the counter declared by the loop */
    for (int m = 0; m < 6; m++)
        add_even(&total, m);
    printf("total %.1f\n", total);

    /* a plain continue: C#'s for loop */
    for (i = 0; i < 8; i++) {
        if (i % 3 == 1)
            continue;
        total -= i;
    }
    printf("total %.1f i %d\n", total, i);

    for (k = 0; k < 4; k++)
        bump(&hist[k], &k, 3);
    for (k = 0; k < 5; k++) {
        count_odd(k, &odd);
        odd += 10;
    }
    printf("hist %d %d %d %d odd %d k %d\n", hist[0], hist[1], hist[2], hist[3], odd, k);
    return 0;
}
