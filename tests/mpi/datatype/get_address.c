/* MPI_Get_address: displacements of struct fields and array elements (local, global, through a pointer),
 * a struct type built from them in Bcast and Scatter, a type over three separate variables (Pacheco's
 * trapezoid Build_mpi_type), absolute addresses with MPI_BOTTOM in Bcast and a ring of Sendrecv,
 * MPI_Aint_add and MPI_Aint_diff.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <stddef.h>
#include <mpi.h>

#define MAXP 8

typedef struct {
    int id;
    double pos[3];
    char tag;
    double mass;
} body_t;

body_t global_body;
int errs = 0;

static void check(int rank, const char *what, long got, long want)
{
    if (got != want) {
        errs++;
        printf("[%d] %s: %ld, expected %ld\n", rank, what, got, want);
    }
}

/* The fields' displacements from their addresses, as textbooks build a struct type. */
static MPI_Datatype body_type(body_t *sample)
{
    int lens[4] = {1, 3, 1, 1};
    MPI_Datatype types[4] = {MPI_INT, MPI_DOUBLE, MPI_CHAR, MPI_DOUBLE};
    MPI_Aint base, displs[4], lb, extent;
    MPI_Datatype raw, resized;
    MPI_Get_address(sample, &base);
    MPI_Get_address(&sample->id, &displs[0]);
    MPI_Get_address(sample->pos, &displs[1]);
    MPI_Get_address(&sample->tag, &displs[2]);
    MPI_Get_address(&sample->mass, &displs[3]);
    for (int i = 0; i < 4; i++)
        displs[i] = MPI_Aint_diff(displs[i], base);
    MPI_Type_create_struct(4, lens, displs, types, &raw);
    /* the stride between two elements, from their addresses */
    MPI_Get_address(&sample[1], &extent);
    MPI_Type_get_extent(raw, &lb, &base);
    MPI_Get_address(&sample[0], &lb);
    MPI_Type_create_resized(raw, 0, extent - lb, &resized);
    MPI_Type_free(&raw);
    MPI_Type_commit(&resized);
    return resized;
}

/* Three separate variables described by one type, reached from the first (Pacheco, mpi_trap4.c). */
static void build_input_type(double *a_p, double *b_p, int *n_p, MPI_Datatype *input_t)
{
    int lens[3] = {1, 1, 1};
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_DOUBLE, MPI_INT};
    MPI_Aint a_addr, b_addr, n_addr, displs[3] = {0};
    MPI_Get_address(a_p, &a_addr);
    MPI_Get_address(b_p, &b_addr);
    MPI_Get_address(n_p, &n_addr);
    displs[1] = b_addr - a_addr;
    displs[2] = n_addr - a_addr;
    MPI_Type_create_struct(3, lens, displs, types, input_t);
    MPI_Type_commit(input_t);
}

static void get_input(int rank, double *a_p, double *b_p, int *n_p)
{
    MPI_Datatype input_t;
    build_input_type(a_p, b_p, n_p, &input_t);
    if (rank == 0) {
        *a_p = 0.25;
        *b_p = 3.5;
        *n_p = 1024;
    }
    MPI_Bcast(a_p, 1, input_t, 0, MPI_COMM_WORLD);
    MPI_Type_free(&input_t);
}

int main(int argc, char **argv)
{
    int rank, size, i, toterrs;
    body_t local, bodies[MAXP], mine;
    body_t *p = bodies;
    MPI_Aint base, addr, addr2;
    MPI_Datatype btype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* fields of a local, a global and an array element: their offsetof */
    MPI_Get_address(&local, &base);
    MPI_Get_address(&local.mass, &addr);
    check(rank, "local.mass", addr - base, offsetof(body_t, mass));
    MPI_Get_address(&local.pos[2], &addr);
    check(rank, "local.pos[2]", addr - base, offsetof(body_t, pos) + 2 * sizeof(double));
    MPI_Get_address(&global_body, &base);
    MPI_Get_address(&global_body.tag, &addr);
    check(rank, "global_body.tag", addr - base, offsetof(body_t, tag));
    MPI_Get_address(bodies, &base);
    MPI_Get_address(&bodies[3].tag, &addr);
    check(rank, "bodies[3].tag", addr - base, 3 * sizeof(body_t) + offsetof(body_t, tag));
    MPI_Get_address(&(p + 5)->mass, &addr);
    check(rank, "(p + 5)->mass", addr - base, 5 * sizeof(body_t) + offsetof(body_t, mass));
    MPI_Get_address(p + 7, &addr);
    check(rank, "p + 7", addr - base, 7 * sizeof(body_t));
    check(rank, "MPI_Aint_add", MPI_Aint_diff(MPI_Aint_add(base, 40), base), 40);

    /* a struct type from addresses, in Bcast and Scatter */
    btype = body_type(bodies);
    for (i = 0; i < MAXP; i++) {
        bodies[i].id = rank == 0 ? 100 + i : -1;
        bodies[i].pos[0] = rank == 0 ? i + 0.5 : -1;
        bodies[i].pos[1] = rank == 0 ? -i : -1;
        bodies[i].pos[2] = rank == 0 ? i * 0.25 : -1;
        bodies[i].tag = rank == 0 ? 'a' + i : 0;
        bodies[i].mass = rank == 0 ? 1e3 * i : -1;
    }
    MPI_Bcast(bodies, MAXP, btype, 0, MPI_COMM_WORLD);
    for (i = 0; i < MAXP; i++) {
        check(rank, "bcast id", bodies[i].id, 100 + i);
        check(rank, "bcast pos[2] * 4", (long)(bodies[i].pos[2] * 4), i);
        check(rank, "bcast tag", bodies[i].tag, 'a' + i);
        check(rank, "bcast mass", (long)bodies[i].mass, 1000L * i);
    }
    MPI_Scatter(bodies, 1, btype, &mine, 1, btype, 0, MPI_COMM_WORLD);
    check(rank, "scatter id", mine.id, 100 + rank);
    check(rank, "scatter pos[0] * 2", (long)(mine.pos[0] * 2), 2 * rank + 1);
    MPI_Type_free(&btype);

    /* one type over three variables, sent from the first */
    {
        double a = 0, b = 0;
        int n = 0;
        get_input(rank, &a, &b, &n);
        check(rank, "input a * 4", (long)(a * 4), 1);
        check(rank, "input b * 2", (long)(b * 2), 7);
        check(rank, "input n", n, 1024);
    }

    /* absolute addresses with MPI_BOTTOM: a count and an array that are not neighbours */
    {
        int count = rank;
        double values[4];
        int lens[2] = {1, 4};
        MPI_Aint displs[2];
        MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, abs_t;
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        for (i = 0; i < 4; i++)
            values[i] = rank * 10 + i;
        MPI_Get_address(&count, &displs[0]);
        MPI_Get_address(values, &displs[1]);
        MPI_Type_create_struct(2, lens, displs, types, &abs_t);
        MPI_Type_commit(&abs_t);
        MPI_Sendrecv_replace(MPI_BOTTOM, 1, abs_t, right, 7, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(rank, "ring count", count, left);
        check(rank, "ring values[3]", (long)values[3], left * 10 + 3);
        if (rank == 0) {
            count = 42;
            values[2] = -2.0;
        }
        MPI_Bcast(MPI_BOTTOM, 1, abs_t, 0, MPI_COMM_WORLD);
        check(rank, "bcast count", count, 42);
        check(rank, "bcast values[2]", (long)values[2], -2);
        MPI_Type_free(&abs_t);
    }

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
