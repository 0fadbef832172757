/* User ops: a commutative sum (MPI_Op_create with commute = 1) and a non-commutative 2x2 integer
 * matrix product (commute = 0), whose result depends on the rank order, through Reduce to every root,
 * Allreduce and Scan; MPI_Op_commutative and MPI_Op_free.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8

int errs = 0;

void addem(int *invec, int *inoutvec, int *len, MPI_Datatype *dtype)
{
    int i;
    for (i = 0; i < *len; i++)
        inoutvec[i] += invec[i];
}

/* inout = in x inout for each 2x2 matrix (4 ints, row major). */
void matmul(int *in, int *inout, int *len, MPI_Datatype *dtype)
{
    int i, o, c0, c1, c2, c3;
    for (i = 0; i < *len; i++) {
        o = 4 * i;
        c0 = in[o] * inout[o] + in[o + 1] * inout[o + 2];
        c1 = in[o] * inout[o + 1] + in[o + 1] * inout[o + 3];
        c2 = in[o + 2] * inout[o] + in[o + 3] * inout[o + 2];
        c3 = in[o + 2] * inout[o + 1] + in[o + 3] * inout[o + 3];
        inout[o] = c0;
        inout[o + 1] = c1;
        inout[o + 2] = c2;
        inout[o + 3] = c3;
    }
}

/* The matrix of rank r: [[1, r + 1], [0, 1 + r % 2]]; products of these are upper triangular. */
void matrix_of(int r, int *m)
{
    m[0] = 1;
    m[1] = r + 1;
    m[2] = 0;
    m[3] = 1 + r % 2;
}

void check(int rank, const char *what, int *got, int *expect)
{
    int i;
    for (i = 0; i < 4; i++) {
        if (got[i] != expect[i]) {
            errs++;
            printf("[%d] %s: element %d is %d, expected %d\n", rank, what, i, got[i], expect[i]);
        }
    }
}

int main(int argc, char **argv)
{
    int rank, size, root, r, i, toterrs, commute;
    int in[4], out[4], prefix[4], mine[4], tmp[4], one[1], sum[1];
    int prefixes[4 * (MAXP + 1)];
    MPI_Op sumop, matop;
    MPI_Datatype mat, dummy[1];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Op_create((MPI_User_function *) addem, 1, &sumop);
    MPI_Op_commutative(sumop, &commute);
    if (!commute) {
        errs++;
        printf("[%d] addem should be commutative\n", rank);
    }
    one[0] = rank + 1;
    MPI_Allreduce(one, sum, 1, MPI_INT, sumop, MPI_COMM_WORLD);
    if (sum[0] != size * (size + 1) / 2) {
        errs++;
        printf("[%d] user sum: %d\n", rank, sum[0]);
    }
    MPI_Op_free(&sumop);
    if (sumop != MPI_OP_NULL) {
        errs++;
        printf("[%d] MPI_Op_free did not set MPI_OP_NULL\n", rank);
    }

    /* prefixes[4k..4k+3] = M0 x M1 x ... x M(k-1), computed serially. */
    prefix[0] = 1; prefix[1] = 0; prefix[2] = 0; prefix[3] = 1;
    for (i = 0; i < 4; i++)
        prefixes[i] = prefix[i];
    for (r = 0; r < size; r++) {
        matrix_of(r, mine);
        for (i = 0; i < 4; i++)
            tmp[i] = mine[i];
        one[0] = 1;
        matmul(prefix, tmp, one, dummy);
        for (i = 0; i < 4; i++) {
            prefix[i] = tmp[i];
            prefixes[4 * (r + 1) + i] = tmp[i];
        }
    }

    MPI_Type_contiguous(4, MPI_INT, &mat);
    MPI_Type_commit(&mat);
    MPI_Op_create((MPI_User_function *) matmul, 0, &matop);
    MPI_Op_commutative(matop, &commute);
    if (commute) {
        errs++;
        printf("[%d] matmul should not be commutative\n", rank);
    }
    matrix_of(rank, in);
    for (root = 0; root < size; root++) {
        for (i = 0; i < 4; i++)
            out[i] = 0;
        MPI_Reduce(in, out, 1, mat, matop, root, MPI_COMM_WORLD);
        if (rank == root)
            check(rank, "Reduce with matmul", out, prefixes + 4 * size);
    }
    MPI_Allreduce(in, out, 1, mat, matop, MPI_COMM_WORLD);
    check(rank, "Allreduce with matmul", out, prefixes + 4 * size);
    MPI_Scan(in, out, 1, mat, matop, MPI_COMM_WORLD);
    check(rank, "Scan with matmul", out, prefixes + 4 * (rank + 1));
    MPI_Op_free(&matop);
    MPI_Type_free(&mat);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
