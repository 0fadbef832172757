// A hand-written CloudMpi program in the form cmpi-translate emits, to compare transports and collective
// variants quickly (corpus/commbench/commbench.c is the C benchmark for `make bench-comm` once it translates).
//   cmpi-run -n 4 --transport T bench/transports/TransportBench.cs [reps]
// prints, on rank 0: ping-pong one-way latency (ranks 0 and 1) for 1 B .. 1 MiB, and the time of one barrier,
// one 1 KiB broadcast and one 1 KiB-per-rank scatter, each the median of 5 batches.
using CloudMpi;
using CloudMpi.Libc;
using static CloudMpi.Datatype;
using static CloudMpi.Libc.Stdio;
using static CloudMpi.Libc.Stdlib;

public static class TransportBench
{
    static double Median(double[] v) { System.Array.Sort(v); return v[v.Length / 2]; }

    static double Now() => System.Diagnostics.Stopwatch.GetTimestamp() / (double)System.Diagnostics.Stopwatch.Frequency;

    public static int main(int argc, string[] argv)
    {
        int rank = 0, size = 0;
        cMPI.Init(ref argc, ref argv);
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        int reps = argc > 1 ? atoi(argv[1]) : 200;
        if (rank == 0) printf("# pingpong one-way latency, us (median of 5 batches of %d)\n", reps);
        foreach (int bytes in new[] { 1, 1024, 65536, 1 << 20 })
        {
            byte[] buf = new byte[bytes];
            int n = bytes >= 65536 ? System.Math.Max(2, reps / 20) : reps;
            var batches = new double[5];
            for (int b = -1; b < 5; b++)
            {
                cMPI.Barrier(cMPI.COMM_WORLD);
                double t0 = Now();
                for (int i = 0; i < n; i++)
                {
                    if (rank == 0)
                    {
                        cMPI.Send(buf, 0, bytes, MPI_BYTE, 1, 0, cMPI.COMM_WORLD);
                        cMPI.Recv(buf, 0, bytes, MPI_BYTE, 1, 0, cMPI.COMM_WORLD, out _);
                    }
                    else if (rank == 1)
                    {
                        cMPI.Recv(buf, 0, bytes, MPI_BYTE, 0, 0, cMPI.COMM_WORLD, out _);
                        cMPI.Send(buf, 0, bytes, MPI_BYTE, 0, 0, cMPI.COMM_WORLD);
                    }
                }
                if (b >= 0) batches[b] = (Now() - t0) / (2.0 * n) * 1e6;
            }
            if (rank == 0) printf("pingpong %8d %12.1f\n", bytes, Median(batches));
        }
        int collReps = System.Math.Max(2, reps / 10);
        byte[] kib = new byte[1024];
        byte[] all = new byte[1024 * size];
        foreach (string what in new[] { "barrier", "bcast", "scatter" })
        {
            var batches = new double[5];
            for (int b = -1; b < 5; b++)
            {
                cMPI.Barrier(cMPI.COMM_WORLD);
                double t0 = Now();
                for (int i = 0; i < collReps; i++)
                {
                    if (what == "barrier") cMPI.Barrier(cMPI.COMM_WORLD);
                    else if (what == "bcast") cMPI.Bcast(kib, 0, 1024, MPI_BYTE, 0, cMPI.COMM_WORLD);
                    else cMPI.Scatter(all, 0, 1024, MPI_BYTE, kib, 0, 1024, MPI_BYTE, 0, cMPI.COMM_WORLD);
                }
                if (b >= 0) batches[b] = (Now() - t0) / collReps * 1e6;
            }
            if (rank == 0) printf("%-8s %8d %12.1f\n", what, size, Median(batches));
        }
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("transportbench", args, main);
}
