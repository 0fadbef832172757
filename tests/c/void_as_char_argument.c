/* A `void *` parameter whose function hands it on to a `char *` parameter (nbalov/OpenMPI's MyMPI.c:
 * print_replicated_vector(void *v, ...) calling print_subvector(char *a, ...), which reads `((double *) a)[i]` or
 * `((int *) a)[i]` as a type code says), given a `double *` and an `int *`: the char pointer is C's view of the
 * numbers' bytes (CS1503 before: a Ptr<double> given for a Ptr<sbyte>).
 */
#include <stdio.h>

enum { DOUBLES, INTS };

static void print_values(char *a, int type, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (type == DOUBLES)
            printf("%6.3f ", ((double *) a)[i]);
        else
            printf("%3d ", ((int *) a)[i]);
    }
    printf("\n");
}

static void print_vector(void *v, int type, int n)
{
    printf("%d values: ", n);
    print_values(v, type, n);
}

int main(void)
{
    double x[3] = {0.5, 1.25, -2};
    int k[4] = {7, -1, 40, 3};
    print_vector(x, DOUBLES, 3);
    print_vector(k, INTS, 4);
    print_vector(&k[1], INTS, 2);
    return 0;
}
