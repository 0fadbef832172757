/* User ops in the MPI standard's form, `void f(void *in, void *inout, int *len, MPI_Datatype *dt)`, casting
 * inside: a complex product that walks its vectors with ++ (not commutative as declared, so applied in rank
 * order), an element-wise sum indexing its cast vectors, in Reduce, Allreduce and Scan.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

typedef struct {
    double re, im;
} complex_t;

int errs = 0;

void complex_product(void *invec, void *inoutvec, int *len, MPI_Datatype *dtype)
{
    complex_t *in = (complex_t *)invec, *inout = (complex_t *)inoutvec, c;
    for (int i = 0; i < *len; i++) {
        c.re = inout->re * in->re - inout->im * in->im;
        c.im = inout->re * in->im + inout->im * in->re;
        *inout = c;
        in++;
        inout++;
    }
}

void int_sum(void *invec, void *inoutvec, int *len, MPI_Datatype *dtype)
{
    int n = *len;
    for (int i = 0; i < n; i++)
        ((int *)inoutvec)[i] += ((int *)invec)[i];
}

int main(int argc, char **argv)
{
    int rank, size, i, toterrs, mine[3], sums[3], prefix[3];
    complex_t z[2], prod[2], want[2];
    MPI_Datatype complex_type;
    MPI_Op cprod, isum;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(2, MPI_DOUBLE, &complex_type);
    MPI_Type_commit(&complex_type);
    MPI_Op_create(complex_product, 0, &cprod);
    MPI_Op_create(int_sum, 1, &isum);

    for (i = 0; i < 2; i++) {
        z[i].re = (rank % 2 ? 0 : 1) + i;
        z[i].im = rank % 2 ? 1 : 0;
    }
    MPI_Allreduce(z, prod, 2, complex_type, cprod, MPI_COMM_WORLD);
    for (i = 0; i < 2; i++) {
        /* the product of (1 + i, 0) on even ranks and (i, 1) on odd ones, left to right */
        complex_t acc = {1, 0};
        for (int r = 0; r < size; r++) {
            complex_t f = {(r % 2 ? 0 : 1) + i, r % 2 ? 1 : 0}, c;
            c.re = acc.re * f.re - acc.im * f.im;
            c.im = acc.re * f.im + acc.im * f.re;
            acc = c;
        }
        want[i] = acc;
        if (prod[i].re != want[i].re || prod[i].im != want[i].im) {
            errs++;
            printf("[%d] product %d: (%g, %g), expected (%g, %g)\n", rank, i, prod[i].re, prod[i].im, want[i].re, want[i].im);
        }
    }

    for (i = 0; i < 3; i++)
        mine[i] = rank * (i + 1);
    MPI_Reduce(mine, sums, 3, MPI_INT, isum, 0, MPI_COMM_WORLD);
    MPI_Scan(mine, prefix, 3, MPI_INT, isum, MPI_COMM_WORLD);
    for (i = 0; i < 3; i++) {
        if (rank == 0 && sums[i] != (i + 1) * size * (size - 1) / 2) {
            errs++;
            printf("[%d] sum %d: %d\n", rank, i, sums[i]);
        }
        if (prefix[i] != (i + 1) * rank * (rank + 1) / 2) {
            errs++;
            printf("[%d] prefix %d: %d\n", rank, i, prefix[i]);
        }
    }

    MPI_Op_free(&cprod);
    MPI_Op_free(&isum);
    MPI_Type_free(&complex_type);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
