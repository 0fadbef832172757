// Translated by cmpi-translate from hybrid_omp.c. Edit freely: this is now your code.
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
public sealed class Hybrid_omp
{
    /* A hybrid MPI + OpenMP program: each rank integrates its share of 4/(1+x^2) with an OpenMP
     * parallel-for reduction, then splits a second sum by thread id inside a parallel region with a
     * critical section; the ranks combine with MPI_Reduce. Timing uses omp_get_wtime. */
    const int STEPS = 200000;

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        int provided = 0;
        int i = 0;
        double h = 1.0 / STEPS;
        double local = 0.0;
        double pi = 0.0;
        double harmonic = 0.0;
        double total_harmonic = 0.0;
        cMPI.Init_thread(cMPI.THREAD_FUNNELED, out provided);
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        double t0 = OpenMp.omp_get_wtime();
        for (i = rank; i < STEPS; i += size)
        {
            double x = h * (i + 0.5);
            local += 4.0 / (1.0 + x * x);
        }
        local *= h;
        {
            int t = OpenMp.omp_get_thread_num();
            int nt = OpenMp.omp_get_num_threads();
            int k = 0;
            double mine = 0.0;
            for (k = t + 1 + rank * 1000; k <= (rank + 1) * 1000; k += nt)
            {
                mine += 1.0 / k;
            }
            harmonic += mine;
        }

        cMPI.Reduce(ref local, ref pi, 1, MPI_DOUBLE, MPI_SUM, 0, cMPI.COMM_WORLD);
        cMPI.Reduce(ref harmonic, ref total_harmonic, 1, MPI_DOUBLE, MPI_SUM, 0, cMPI.COMM_WORLD);
        printf("rank %d: %d thread(s), partial %.12f\n", rank, OpenMp.omp_get_max_threads(), local);
        if (rank == 0)
        {
            printf("pi ~ %.12f, H(%d) ~ %.12f, timed: %s\n", pi, size * 1000, total_harmonic, OpenMp.omp_get_wtime() >= t0 ? CString.Lit("yes") : CString.Lit("no"));
        }
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("hybrid_omp", args, (argc, argv) => new Hybrid_omp().main(argc, CArgv.From(argv)));
}
