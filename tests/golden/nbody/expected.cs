// Translated by cmpi-translate from nbody.c. Edit freely: this is now your code.
// C idioms C# warns about: x != x as a NaN test, unused or write-only locals (static locals: fields here), code
// after a constant test, `|` on a sign-extended operand (C extends it the same way), a label no goto names.
#pragma warning disable CS1718, CS0168, CS0219, CS0162, CS0675, CS0164, CS0414
using System;
using CloudMpi;
using CloudMpi.Libc;
using static CloudMpi.Datatype;
using static CloudMpi.Op;
using static CloudMpi.Libc.Stdio;
using static CloudMpi.Libc.Stdlib;
using static CloudMpi.Libc.CMem;
using static CloudMpi.Libc.CString;

// One object per rank: its fields are the C program's globals.
public sealed class Nbody
{
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
    const double DENSITY = 0.0005;
    const double MASS = 0.01;
    const double CUTOFF = 0.01;
    const double MIN_R = 0.0001; /* CUTOFF / 100 */
    const double DT = 0.0005;

    const int NSTEPS_DEFAULT = 1000;
    const int SAVEFREQ = 10;

    public struct particle_t
    {
        public double x;
        public double y;
        public double vx;
        public double vy;
        public double ax;
        public double ay;
    }

    /* The side of the square box; set once from n so the density is DENSITY. */
    double box_size = 0;

    /* save() writes the header line only on its first call. */
    int header_written = 0;

    void set_size(int n)
    {
        box_size = Math.Sqrt(DENSITY * n);
    }

    double min_double(double a, double b)
    {
        return CMath.IfLess(a, b);
    }

    double max_double(double a, double b)
    {
        return CMath.IfGreater(a, b);
    }

    /* Lay n particles on a grid of sx x sy cells, visiting the cells in a random
     * order (a Fisher-Yates draw), so no two particles start at one point; give
     * each a random velocity in [-1, 1)^2. Uses only drand48, seeded by the caller. */
    void init_particles(int n, particle_t[] p)
    {
        int sx = double.ConvertToIntegerNative<int>(Math.Ceiling(Math.Sqrt((double)n)));
        int sy = (n + sx - 1) / sx;
        int[] cells = new int[n];
        int i = 0;

        for (i = 0; i < n; i++)
        {
            cells[i] = i;
        }

        for (i = 0; i < n; i++)
        {
            int remaining = n - i;
            int pick = double.ConvertToIntegerNative<int>(drand48() * remaining);
            int cell = 0;
            if (pick >= remaining)
            {
                pick = remaining - 1;
            }
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
    void apply_force(ref particle_t particle, ref particle_t neighbor, ref double dmin, ref double davg, ref int navg)
    {
        double dx = neighbor.x - particle.x;
        double dy = neighbor.y - particle.y;
        double r2 = dx * dx + dy * dy;
        double r = 0;
        double coef = 0;

        if (r2 > CUTOFF * CUTOFF)
        {
            return;
        }
        if (r2 != 0.0)
        {
            double distance = Math.Sqrt(r2) / CUTOFF;
            if (distance < dmin)
            {
                dmin = distance;
            }
            davg += distance;
            navg += 1;
        }

        r2 = max_double(r2, MIN_R * MIN_R);
        r = Math.Sqrt(r2);
        coef = (1.0 - CUTOFF / r) / r2 / MASS;
        particle.ax += coef * dx;
        particle.ay += coef * dy;
    }

    /* Velocity Verlet-like update, then reflect off the walls of the box. */
    void move(ref particle_t p)
    {
        p.vx += p.ax * DT;
        p.vy += p.ay * DT;
        p.x += p.vx * DT;
        p.y += p.vy * DT;

        while (p.x < 0.0 || p.x > box_size)
        {
            p.x = p.x < 0.0 ? -p.x : 2.0 * box_size - p.x;
            p.vx = -p.vx;
        }
        while (p.y < 0.0 || p.y > box_size)
        {
            p.y = p.y < 0.0 ? -p.y : 2.0 * box_size - p.y;
            p.vy = -p.vy;
        }
    }

    /* Append the positions to f; the first call also writes "n size". */
    void save(FILE f, int n, particle_t[] p)
    {
        int i = 0;
        if (!(header_written != 0))
        {
            fprintf(f, "%d %g\n", n, box_size);
            header_written = 1;
        }
        for (i = 0; i < n; i++)
        {
            fprintf(f, "%g %g\n", p[i].x, p[i].y);
        }
    }

    /* Command-line options, looked up the way the original does: by scanning argv. */
    int find_option(int argc, Ptr<sbyte>[] argv, sbyte[] option)
    {
        int i = 0;
        for (i = 1; i < argc; i++)
        {
            if (strcmp(argv[i], option) == 0)
            {
                return i;
            }
        }
        return -1;
    }

    int read_int(int argc, Ptr<sbyte>[] argv, sbyte[] option, int default_value)
    {
        int at = find_option(argc, argv, option);
        if (at >= 0 && at < argc - 1)
        {
            return atoi(argv[at + 1]);
        }
        return default_value;
    }

    Ptr<sbyte> read_string(int argc, Ptr<sbyte>[] argv, sbyte[] option, Ptr<sbyte> default_value)
    {
        int at = find_option(argc, argv, option);
        if (at >= 0 && at < argc - 1)
        {
            return argv[at + 1];
        }
        return default_value;
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int n = 0;
        int nsteps = 0;
        int seed = 0;
        int statistics = 0;
        Ptr<sbyte> savename = default;
        FILE fsave = null;
        int rank = 0;
        int nprocs = 0;
        int per_rank = 0;
        int i = 0;
        int step = 0;
        int nlocal = 0;
        int[] offsets = null;
        int[] counts = null;
        particle_t[] particles = null;
        particle_t[] local = null;
        Datatype PARTICLE = default;
        double simulation_time = 0;
        double absmin = 1.0;
        double absavg = 0.0;
        int nabsavg = 0;

        if (find_option(argc, argv, CStrings.FromString("-h")) >= 0)
        {
            printf("Options:\n");
            printf("-h to see this help\n");
            printf("-n <int> to set the number of particles (default 1000)\n");
            printf("-t <int> to set the number of steps (default %d)\n", NSTEPS_DEFAULT);
            printf("-s <int> to set the drand48 seed (default 1)\n");
            printf("-o <filename> to save the positions every %d steps\n", SAVEFREQ);
            printf("-no to skip the distance statistics\n");
            return 0;
        }

        n = read_int(argc, argv, CStrings.FromString("-n"), 1000);
        nsteps = read_int(argc, argv, CStrings.FromString("-t"), NSTEPS_DEFAULT);
        seed = read_int(argc, argv, CStrings.FromString("-s"), 1);
        savename = read_string(argc, argv, CStrings.FromString("-o"), default);
        statistics = find_option(argc, argv, CStrings.FromString("-no")) < 0 ? 1 : 0;

        cMPI.Init();
        cMPI.Comm_size(cMPI.COMM_WORLD, out nprocs);
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);

        fsave = null;
        if (!savename.IsNull && rank == 0)
        {
            fsave = fopen(savename, "w");
            if (fsave == null)
            {
                fprintf(stderr, "nbody: cannot open %s for writing\n", savename);
                cMPI.Abort(cMPI.COMM_WORLD, 1);
            }
        }

        particles = new particle_t[n];

        cMPI.Type_contiguous(6, MPI_DOUBLE, out PARTICLE);
        cMPI.Type_commit(ref PARTICLE);

        /* Rank r owns particles offsets[r] .. offsets[r+1]-1; the last ranks may own fewer. */
        per_rank = (n + nprocs - 1) / nprocs;
        offsets = new int[nprocs + 1];
        counts = new int[nprocs];
        for (i = 0; i < nprocs + 1; i++)
        {
            offsets[i] = i * per_rank < n ? i * per_rank : n;
        }
        Span<int> counts_span = Spans.From(counts, 0);
        Span<int> offsets_p1 = Spans.From(offsets, 1);
        Span<int> offsets_span = Spans.From(offsets, 0);
        for (i = 0; i < nprocs; i++)
        {
            counts_span[i] = offsets_p1[i] - offsets_span[i];
        }

        nlocal = counts[rank];
        local = new particle_t[nlocal > 0 ? nlocal : 1];

        set_size(n);
        if (rank == 0)
        {
            srand48(seed);
            init_particles(n, particles);
        }
        cMPI.Scatterv(particles, 0, counts, offsets, PARTICLE, local, 0, nlocal, PARTICLE, 0, cMPI.COMM_WORLD);

        simulation_time = cMPI.Wtime();
        for (step = 0; step < nsteps; step++)
        {
            int navg = 0;
            double dmin = 1.0;
            double davg = 0.0;

            cMPI.Allgatherv(local, 0, nlocal, PARTICLE, particles, 0, counts, offsets, PARTICLE, cMPI.COMM_WORLD);

            if (fsave != null && step % SAVEFREQ == 0)
            {
                save(fsave, n, particles);
            }

            for (i = 0; i < nlocal; i++)
            {
                int j = 0;
                local[i].ax = 0.0;
                local[i].ay = 0.0;
                Span<particle_t> particles_span = Spans.From(particles, 0);
                Span<particle_t> local_at = Spans.From(local, i);
                j = 0;
                if (j < n)
                {
                j_next:
                    {
                        double dx = particles_span[j].x - local_at[0].x;
                        double dy = particles_span[j].y - local_at[0].y;
                        double r2 = dx * dx + dy * dy;
                        double r = 0;
                        double coef = 0;

                        if (r2 > CUTOFF * CUTOFF)
                        {
                            j++;
                            if (j < n) goto j_next;
                            goto j_done;
                        }
                        if (r2 != 0.0)
                        {
                            double distance = Math.Sqrt(r2) / CUTOFF;
                            dmin = CMath.IfLess(distance, dmin);
                            davg += distance;
                            navg += 1;
                        }

                        r2 = max_double(r2, MIN_R * MIN_R);
                        r = Math.Sqrt(r2);
                        coef = (1.0 - CUTOFF / r) / r2 / MASS;
                        local_at[0].ax += coef * dx;
                        local_at[0].ay += coef * dy;
                    }
                    j++;
                    if (j < n) goto j_next;
                }
                j_done:;
            }

            if (statistics != 0)
            {
                int rnavg = 0;
                double rdavg = 0.0;
                double rdmin = 1.0;
                cMPI.Reduce(ref davg, ref rdavg, 1, MPI_DOUBLE, MPI_SUM, 0, cMPI.COMM_WORLD);
                cMPI.Reduce(ref navg, ref rnavg, 1, MPI_INT, MPI_SUM, 0, cMPI.COMM_WORLD);
                cMPI.Reduce(ref dmin, ref rdmin, 1, MPI_DOUBLE, MPI_MIN, 0, cMPI.COMM_WORLD);
                if (rank == 0)
                {
                    if (rnavg > 0)
                    {
                        absavg += rdavg / rnavg;
                        nabsavg++;
                    }
                    absmin = min_double(absmin, rdmin);
                }
            }

            Span<particle_t> local_span = Spans.From(local, 0);
            for (i = 0; i < nlocal; i++)
            {
                move(ref local_span[i]);
            }
        }
        simulation_time = cMPI.Wtime() - simulation_time;

        if (rank == 0)
        {
            printf("n = %d, steps = %d, ranks = %d\n", n, nsteps, nprocs);
            printf("simulation time = %g seconds\n", simulation_time);
            if (statistics != 0)
            {
                if (nabsavg > 0)
                {
                    absavg /= nabsavg;
                }
                printf("absmin = %lf\n", absmin);
                printf("absavg = %lf\n", absavg);
                if (absmin < 0.4)
                {
                    printf("absmin too small: the interactions are probably not computed correctly\n");
                }
                if (absavg < 0.8)
                {
                    printf("absavg too small: the interactions are probably not computed correctly\n");
                }
            }
        }

        if (fsave != null)
        {
            fclose(fsave);
        }
        cMPI.Type_free(ref PARTICLE);
        free(local);
        free(counts);
        free(offsets);
        free(particles);
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("nbody", args, (argc, argv) => new Nbody().main(argc, CArgv.From(argv)));
}
