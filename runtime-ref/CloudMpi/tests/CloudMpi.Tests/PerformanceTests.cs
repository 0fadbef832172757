using System.Diagnostics;
using Xunit.Abstractions;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

public class PerformanceTests(ITestOutputHelper output)
{
    [Fact]
    public void InProcPingPongLatency()
    {
        const int warmup = 2000, iterations = 20000;
        double oneWayMicros = 0;
        MpiRunner.Run(2, rank =>
        {
            int x = 0;
            int peer = 1 - rank;
            for (int round = 0; round < 2; round++)
            {
                int n = round == 0 ? warmup : iterations;
                cMPI.Barrier(cMPI.COMM_WORLD);
                var sw = Stopwatch.StartNew();
                for (int i = 0; i < n; i++)
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
                if (rank == 0 && round == 1)
                {
                    oneWayMicros = sw.Elapsed.TotalMicroseconds / (2.0 * n);
                    Assert.Equal(warmup + iterations, x);
                }
            }
        });
        output.WriteLine($"in-process ping-pong: {oneWayMicros:F2} us one-way (half round trip), 4-byte message");
        Console.WriteLine($"in-process ping-pong: {oneWayMicros:F2} us one-way (half round trip), 4-byte message");
        Assert.InRange(oneWayMicros, 0, 200);
    }
}
