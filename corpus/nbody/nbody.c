/* Particle simulation with MPI, in the style of the Berkeley CS267 homework
 * that the cloudMPI thesis ported (constants and update rules: shared/REFERENCE.md).
 *
 * Every rank owns a contiguous slice of the particles. Each step it gathers all
 * particles (Allgatherv), computes the forces on its own ones against all n,
 * and moves them; rank 0 saves the positions every SAVEFREQ steps and collects
 * the distance statistics (Reduce) that tell whether the run was physical:
 * absmin ~ 0.7-0.8 and absavg ~ 0.95 (in units of the cutoff).
 *
 * usage: nbody [-h] [-n particles] [-t steps] [-s seed] [-o file] [-no]
 * The output is deterministic for a given seed except the simulation time line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <mpi.h>

#define DENSITY 0.0005
#define MASS 0.01
#define CUTOFF 0.01
#define MIN_R 0.0001 /* CUTOFF / 100 */
#define DT 0.0005

#define NSTEPS_DEFAULT 1000
#define SAVEFREQ 10

typedef struct {
    double x;
    double y;
    double vx;
    double vy;
    double ax;
    double ay;
} particle_t;

/* The side of the square box; set once from n so the density is DENSITY. */
static double box_size;

/* save() writes the header line only on its first call. */
static int header_written = 0;

static void set_size(int n)
{
    box_size = sqrt(DENSITY * n);
}

static double min_double(double a, double b)
{
    return a < b ? a : b;
}

static double max_double(double a, double b)
{
    return a > b ? a : b;
}

/* Lay n particles on a grid of sx x sy cells, visiting the cells in a random
 * order (a Fisher-Yates draw), so no two particles start at one point; give
 * each a random velocity in [-1, 1)^2. Uses only drand48, seeded by the caller. */
static void init_particles(int n, particle_t *p)
{
    int sx = (int)ceil(sqrt((double)n));
    int sy = (n + sx - 1) / sx;
    int *cells = (int *)malloc(n * sizeof(int));
    int i;

    for (i = 0; i < n; i++)
        cells[i] = i;

    for (i = 0; i < n; i++) {
        int remaining = n - i;
        int pick = (int)(drand48() * remaining);
        int cell;
        if (pick >= remaining)
            pick = remaining - 1;
        cell = cells[pick];
        cells[pick] = cells[remaining - 1];

        p[i].x = box_size * (1.0 + (cell % sx)) / (1 + sx);
        p[i].y = box_size * (1.0 + (cell / sx)) / (1 + sy);
        p[i].vx = drand48() * 2.0 - 1.0;
        p[i].vy = drand48() * 2.0 - 1.0;
        p[i].ax = 0.0;
        p[i].ay = 0.0;
    }
    free(cells);
}

/* The repulsive short-range force of neighbor on particle; pairs closer than
 * the cutoff also feed the distance statistics (in units of CUTOFF). */
static void apply_force(particle_t *particle, particle_t *neighbor,
                        double *dmin, double *davg, int *navg)
{
    double dx = neighbor->x - particle->x;
    double dy = neighbor->y - particle->y;
    double r2 = dx * dx + dy * dy;
    double r, coef;

    if (r2 > CUTOFF * CUTOFF)
        return;
    if (r2 != 0.0) {
        double distance = sqrt(r2) / CUTOFF;
        if (distance < *dmin)
            *dmin = distance;
        *davg += distance;
        *navg += 1;
    }

    r2 = max_double(r2, MIN_R * MIN_R);
    r = sqrt(r2);
    coef = (1.0 - CUTOFF / r) / r2 / MASS;
    particle->ax += coef * dx;
    particle->ay += coef * dy;
}

/* Velocity Verlet-like update, then reflect off the walls of the box. */
static void move(particle_t *p)
{
    p->vx += p->ax * DT;
    p->vy += p->ay * DT;
    p->x += p->vx * DT;
    p->y += p->vy * DT;

    while (p->x < 0.0 || p->x > box_size) {
        p->x = p->x < 0.0 ? -p->x : 2.0 * box_size - p->x;
        p->vx = -p->vx;
    }
    while (p->y < 0.0 || p->y > box_size) {
        p->y = p->y < 0.0 ? -p->y : 2.0 * box_size - p->y;
        p->vy = -p->vy;
    }
}

/* Append the positions to f; the first call also writes "n size". */
static void save(FILE *f, int n, particle_t *p)
{
    int i;
    if (!header_written) {
        fprintf(f, "%d %g\n", n, box_size);
        header_written = 1;
    }
    for (i = 0; i < n; i++)
        fprintf(f, "%g %g\n", p[i].x, p[i].y);
}

/* Command-line options, looked up the way the original does: by scanning argv. */
static int find_option(int argc, char **argv, const char *option)
{
    int i;
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], option) == 0)
            return i;
    return -1;
}

static int read_int(int argc, char **argv, const char *option, int default_value)
{
    int at = find_option(argc, argv, option);
    if (at >= 0 && at < argc - 1)
        return atoi(argv[at + 1]);
    return default_value;
}

static char *read_string(int argc, char **argv, const char *option, char *default_value)
{
    int at = find_option(argc, argv, option);
    if (at >= 0 && at < argc - 1)
        return argv[at + 1];
    return default_value;
}

int main(int argc, char **argv)
{
    int n, nsteps, seed, statistics;
    char *savename;
    FILE *fsave;
    int rank, nprocs;
    int per_rank, i, step, nlocal;
    int *offsets;
    int *counts;
    particle_t *particles;
    particle_t *local;
    MPI_Datatype PARTICLE;
    double simulation_time;
    double absmin = 1.0, absavg = 0.0;
    int nabsavg = 0;

    if (find_option(argc, argv, "-h") >= 0) {
        printf("Options:\n");
        printf("-h to see this help\n");
        printf("-n <int> to set the number of particles (default 1000)\n");
        printf("-t <int> to set the number of steps (default %d)\n", NSTEPS_DEFAULT);
        printf("-s <int> to set the drand48 seed (default 1)\n");
        printf("-o <filename> to save the positions every %d steps\n", SAVEFREQ);
        printf("-no to skip the distance statistics\n");
        return 0;
    }

    n = read_int(argc, argv, "-n", 1000);
    nsteps = read_int(argc, argv, "-t", NSTEPS_DEFAULT);
    seed = read_int(argc, argv, "-s", 1);
    savename = read_string(argc, argv, "-o", NULL);
    statistics = find_option(argc, argv, "-no") < 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    fsave = NULL;
    if (savename != NULL && rank == 0) {
        fsave = fopen(savename, "w");
        if (fsave == NULL) {
            fprintf(stderr, "nbody: cannot open %s for writing\n", savename);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }

    particles = (particle_t *)malloc(n * sizeof(particle_t));

    MPI_Type_contiguous(6, MPI_DOUBLE, &PARTICLE);
    MPI_Type_commit(&PARTICLE);

    /* Rank r owns particles offsets[r] .. offsets[r+1]-1; the last ranks may own fewer. */
    per_rank = (n + nprocs - 1) / nprocs;
    offsets = (int *)malloc((nprocs + 1) * sizeof(int));
    counts = (int *)malloc(nprocs * sizeof(int));
    for (i = 0; i < nprocs + 1; i++)
        offsets[i] = i * per_rank < n ? i * per_rank : n;
    for (i = 0; i < nprocs; i++)
        counts[i] = offsets[i + 1] - offsets[i];

    nlocal = counts[rank];
    local = (particle_t *)malloc((nlocal > 0 ? nlocal : 1) * sizeof(particle_t));

    set_size(n);
    if (rank == 0) {
        srand48(seed);
        init_particles(n, particles);
    }
    MPI_Scatterv(particles, counts, offsets, PARTICLE, local, nlocal, PARTICLE, 0, MPI_COMM_WORLD);

    simulation_time = MPI_Wtime();
    for (step = 0; step < nsteps; step++) {
        int navg = 0;
        double dmin = 1.0, davg = 0.0;

        MPI_Allgatherv(local, nlocal, PARTICLE, particles, counts, offsets, PARTICLE, MPI_COMM_WORLD);

        if (fsave != NULL && step % SAVEFREQ == 0)
            save(fsave, n, particles);

        for (i = 0; i < nlocal; i++) {
            int j;
            local[i].ax = 0.0;
            local[i].ay = 0.0;
            for (j = 0; j < n; j++)
                apply_force(&local[i], &particles[j], &dmin, &davg, &navg);
        }

        if (statistics) {
            int rnavg = 0;
            double rdavg = 0.0, rdmin = 1.0;
            MPI_Reduce(&davg, &rdavg, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
            MPI_Reduce(&navg, &rnavg, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
            MPI_Reduce(&dmin, &rdmin, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
            if (rank == 0) {
                if (rnavg > 0) {
                    absavg += rdavg / rnavg;
                    nabsavg++;
                }
                absmin = min_double(absmin, rdmin);
            }
        }

        for (i = 0; i < nlocal; i++)
            move(&local[i]);
    }
    simulation_time = MPI_Wtime() - simulation_time;

    if (rank == 0) {
        printf("n = %d, steps = %d, ranks = %d\n", n, nsteps, nprocs);
        printf("simulation time = %g seconds\n", simulation_time);
        if (statistics) {
            if (nabsavg > 0)
                absavg /= nabsavg;
            printf("absmin = %lf\n", absmin);
            printf("absavg = %lf\n", absavg);
            if (absmin < 0.4)
                printf("absmin too small: the interactions are probably not computed correctly\n");
            if (absavg < 0.8)
                printf("absavg too small: the interactions are probably not computed correctly\n");
        }
    }

    if (fsave != NULL)
        fclose(fsave);
    MPI_Type_free(&PARTICLE);
    free(local);
    free(counts);
    free(offsets);
    free(particles);
    MPI_Finalize();
    return 0;
}
