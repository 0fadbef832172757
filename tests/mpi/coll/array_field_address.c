/* The address of a struct's array field as an MPI buffer: Parallel Etudes' mpi-sat.c broadcasts its problem,
 * `typedef struct { int x[MAXCLAUSES], nx[MAXCLAUSES]; int nlit; int nclauses; } problem_t;`, field by field with
 * `MPI_Bcast(&p.x, MAXCLAUSES, MPI_INT, 0, comm)` (an `int (*)[N]`), the struct otherwise only passed to functions.
 * The C# did not compile (CS0411: the inline array `p.x` given where cMPI takes an array): `&p.x` did not give p an
 * address as `p.x` does. Its evaluation then folds C bools with `result &= term;` (CS0030 before: `(bool)(int)`).
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <stdbool.h>
#include <mpi.h>

#define N 16

typedef struct {
    int x[N], nx[N];
    double w[2][3];
    int n;
} problem_t;

static void fill(problem_t *p)
{
    for (int i = 0; i < N; i++) {
        p->x[i] = 3 * i + 1;
        p->nx[i] = i % 4;
    }
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 3; c++)
            p->w[r][c] = r + 0.25 * c;
    p->n = 9;
}

static bool eval(const problem_t *p, int v)
{
    bool result = true;
    for (int c = 0; c < p->n && result; c++) {
        const bool term = (v & p->x[c]) | (~v & p->nx[c]);
        result &= term;
    }
    return result;
}

int main(int argc, char **argv)
{
    int rank, errs = 0, toterrs;
    problem_t p, want;
    bool flags = true;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fill(&want);
    if (rank == 0)
        fill(&p);
    MPI_Bcast(&p.x, N, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(&p.nx, N, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(&p.w, 6, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Bcast(&p.n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int i = 0; i < N; i++)
        if (p.x[i] != want.x[i] || p.nx[i] != want.nx[i]) {
            errs++;
            printf("[%d] element %d: %d %d, expected %d %d\n", rank, i, p.x[i], p.nx[i], want.x[i], want.nx[i]);
        }
    if (p.w[1][2] != want.w[1][2] || p.n != want.n) {
        errs++;
        printf("[%d] w[1][2] %g n %d\n", rank, p.w[1][2], p.n);
    }
    int solutions = 0;
    for (int v = 0; v < 64; v++)
        solutions += eval(&p, v);
    flags &= solutions > 0;
    flags &= 2;  /* C computes 1 & 2, 0: false (not the 2 converted to a bool) */
    if (solutions != 8 || flags) {
        errs++;
        printf("[%d] %d solutions, flags %d\n", rank, solutions, flags);
    }
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
