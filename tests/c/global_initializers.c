/* Globals whose initializers name other globals or functions (C allows any address constant there).
 * The port keeps globals in fields of a per-rank object; C# field initializers cannot name other fields
 * or methods, so these are assigned in the constructor, after every plain initializer. */
#include <stdio.h>

typedef double (*unary_fn)(double);

static double twice(double x) { return 2.0 * x; }
static double square(double x) { return x * x; }
static double negate(double x) { return -x; }

double weights[4] = { 0.5, 1.5, 2.5, 3.5 };
int counter = 7;
int *counter_ptr = &counter;                 /* address of a scalar global */
double *second_weight = &weights[1];         /* address inside a global array */
unary_fn first_op = twice;                   /* a function */
unary_fn table[3] = { twice, square, negate };
const char *greeting = "hello";
int plain[3] = { 1, 2, 3 };                  /* a plain initializer, declared after the ones above */

static int next_id(void)
{
    static int id = 100;                     /* a static local: one per rank, kept between calls */
    static int *last = &counter;             /* a static local naming a global */
    *last += 1;
    return id++;
}

int main(void)
{
    int i, a, b, c;
    *counter_ptr += 1;
    *second_weight *= 10.0;
    printf("counter %d weights %g %g\n", counter, weights[0], weights[1]);
    printf("first_op(3) %g\n", first_op(3.0));
    for (i = 0; i < 3; i++)
        printf("table[%d](4) = %g, plain %d\n", i, table[i](4.0), plain[i]);
    a = next_id();
    b = next_id();
    c = next_id();
    printf("%s %d %d %d counter %d\n", greeting, a, b, c, counter);
    table[0] = square;
    printf("after: %g\n", table[0](5.0));
    return 0;
}
