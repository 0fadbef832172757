using System.Diagnostics;
using Xunit.Abstractions;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

public class PerformanceTests(ITestOutputHelper output)
{
    /// <summary>
    /// Half round trip of a 4-byte message between two ranks. The machine may be shared, so it reports the
    /// best and the median of 15 batches of 1000 round trips (reported, not asserted). The time bounds are wide
    /// because on a 2-core machine shared by tens of processes every round trip waits for a scheduler slot
    /// (it timed out at 60 s under a load average of 44).
    /// </summary>
    [Fact]
    public void InProcPingPongLatency()
    {
        const int batches = 15, perBatch = 1000;
        var batchMicros = new double[batches];
        MpiRunner.Run(2, rank =>
        {
            int x = 0;
            int peer = 1 - rank;
            for (int b = -3; b < batches; b++) // 3 warm-up batches
            {
                cMPI.Barrier(cMPI.COMM_WORLD);
                var sw = Stopwatch.StartNew();
                for (int i = 0; i < perBatch; i++)
                {
                    if (rank == 0)
                    {
                        cMPI.Send(ref x, 1, MPI_INT, peer, 0, cMPI.COMM_WORLD);
                        cMPI.Recv(ref x, 1, MPI_INT, peer, 0, cMPI.COMM_WORLD, out _);
                    }
                    else
                    {
                        cMPI.Recv(ref x, 1, MPI_INT, peer, 0, cMPI.COMM_WORLD, out _);
                        x++;
                        cMPI.Send(ref x, 1, MPI_INT, peer, 0, cMPI.COMM_WORLD);
                    }
                }
                if (rank == 0 && b >= 0) batchMicros[b] = sw.Elapsed.TotalMicroseconds / (2.0 * perBatch);
            }
            if (rank == 0) Assert.Equal((batches + 3) * perBatch, x);
        }, deadlockSeconds: 120, timeoutSeconds: 600);
        Array.Sort(batchMicros);
        string line = $"in-process ping-pong (4-byte message, one way = half round trip): best {batchMicros[0]:F2} us, median {batchMicros[batches / 2]:F2} us; cores {Environment.ProcessorCount}";
        output.WriteLine(line);
        Console.WriteLine(line);
        // No bound on the time: a shared CI machine decides it, and latency targets are measured side by side
        // with native MPI by `make bench-comm`. What is asserted is that every round trip arrived, in order.
    }
}
