using CloudMpi.Core;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

/// <summary>
/// The thesis's collective variants (CMPI_BCAST=naive|hypercube, CMPI_SCATTER=sequential|threads) give the same
/// results as each other, from every root, on a world and on a split communicator. The variant is process-wide, so
/// this class runs alone (its collection disables parallelization): switched here while another class's job ran,
/// ranks of that job would build different trees (the collective stamp then reports a mismatch).
/// </summary>
[CollectionDefinition(nameof(CollectiveVariantTests), DisableParallelization = true)]
public sealed class CollectiveVariantsRunAlone;

[Collection(nameof(CollectiveVariantTests))]
public class CollectiveVariantTests
{
    public static IEnumerable<object[]> Cases =>
        from bcast in Enum.GetValues<CollectiveVariants.BcastKind>()
        from scatter in Enum.GetValues<CollectiveVariants.ScatterKind>()
        from size in new[] { 1, 2, 4, 7 }
        select new object[] { bcast.ToString(), scatter.ToString(), size };

    [Theory]
    [MemberData(nameof(Cases))]
    public void BcastAndScatterAgreeUnderEveryVariant(string bcast, string scatter, int size)
    {
        var (oldBcast, oldScatter) = (CollectiveVariants.Bcast, CollectiveVariants.Scatter);
        CollectiveVariants.Bcast = Enum.Parse<CollectiveVariants.BcastKind>(bcast);
        CollectiveVariants.Scatter = Enum.Parse<CollectiveVariants.ScatterKind>(scatter);
        try
        {
            MpiRunner.Run(size, rank =>
            {
                for (int root = 0; root < size; root++)
                {
                    int[] buf = new int[4];
                    if (rank == root) for (int i = 0; i < 4; i++) buf[i] = 1000 * root + i;
                    cMPI.Bcast(buf, 0, 4, MPI_INT, root, cMPI.COMM_WORLD);
                    Assert.Equal([1000 * root, 1000 * root + 1, 1000 * root + 2, 1000 * root + 3], buf);

                    int[] all = rank == root ? Enumerable.Range(0, 2 * size).Select(i => 10 * root + i).ToArray() : new int[2 * size];
                    int[] mine = new int[2];
                    cMPI.Scatter(all, 0, 2, MPI_INT, mine, 0, 2, MPI_INT, root, cMPI.COMM_WORLD);
                    Assert.Equal([10 * root + 2 * rank, 10 * root + 2 * rank + 1], mine);
                }
                // A derived communicator (odd and even ranks), whose ranks differ from the world's.
                cMPI.Comm_split(cMPI.COMM_WORLD, rank % 2, -rank, out Comm half);
                int top = (size - 1) % 2 == rank % 2 ? size - 1 : size - 2; // rank 0 of half: the highest of its parity
                double v = rank == top ? 2.5 * top : -1;
                cMPI.Bcast(ref v, 1, MPI_DOUBLE, 0, half);
                Assert.Equal(2.5 * top, v);
                cMPI.Comm_free(ref half);
            });
        }
        finally
        {
            (CollectiveVariants.Bcast, CollectiveVariants.Scatter) = (oldBcast, oldScatter);
        }
    }

    public static IEnumerable<object[]> BarrierCases =>
        from barrier in new[] { CollectiveVariants.BarrierKind.Messages, CollectiveVariants.BarrierKind.Dissemination, CollectiveVariants.BarrierKind.Linear }
        from size in new[] { 1, 2, 3, 4, 7 }
        select new object[] { barrier.ToString(), size };

    /// <summary>
    /// No rank leaves barrier k before every rank has entered it: each rank writes its round number into a shared
    /// array before the barrier and checks everyone's after it (ranks are threads here), over successive barriers on
    /// the world and on a split communicator.
    /// </summary>
    [Theory]
    [MemberData(nameof(BarrierCases))]
    public void NoRankLeavesABarrierBeforeAllEntered(string barrier, int size)
    {
        var old = CollectiveVariants.Barrier;
        CollectiveVariants.Barrier = Enum.Parse<CollectiveVariants.BarrierKind>(barrier);
        try
        {
            int[] entered = new int[size];
            MpiRunner.Run(size, rank =>
            {
                for (int round = 1; round <= 20; round++)
                {
                    if ((round + rank) % 3 == 0) Thread.Sleep(1); // some ranks arrive late
                    Volatile.Write(ref entered[rank], round);
                    cMPI.Barrier(cMPI.COMM_WORLD);
                    for (int r = 0; r < size; r++)
                        Assert.True(Volatile.Read(ref entered[r]) >= round, $"rank {rank} left barrier {round} before rank {r} entered it");
                }
                cMPI.Comm_split(cMPI.COMM_WORLD, rank % 2, rank, out Comm half);
                for (int round = 21; round <= 25; round++)
                {
                    Volatile.Write(ref entered[rank], round);
                    cMPI.Barrier(half);
                    for (int r = rank % 2; r < size; r += 2)
                        Assert.True(Volatile.Read(ref entered[r]) >= round, $"rank {rank} left barrier {round} of its half before rank {r} entered it");
                }
                cMPI.Comm_free(ref half);
            });
        }
        finally
        {
            CollectiveVariants.Barrier = old;
        }
    }

    public static IEnumerable<object[]> AllgatherCases =>
        from kind in Enum.GetValues<CollectiveVariants.AllgatherKind>()
        from size in new[] { 1, 2, 3, 4, 7 }
        select new object[] { kind.ToString(), size };

    /// <summary>
    /// Allgather and Allgatherv (uneven counts, gaps between the slots, a derived type, a split communicator) deliver
    /// every rank's block to every slot, and nothing into the gaps, under both algorithms (CMPI_ALLGATHER), over
    /// successive calls so blocks of one call cannot be taken for the next.
    /// </summary>
    [Theory]
    [MemberData(nameof(AllgatherCases))]
    public void AllgatherFillsEverySlotUnderEveryVariant(string kind, int size)
    {
        var old = CollectiveVariants.Allgather;
        CollectiveVariants.Allgather = Enum.Parse<CollectiveVariants.AllgatherKind>(kind);
        try
        {
            int[] counts = Enumerable.Range(0, size).Select(r => r % 3 + 1).ToArray();
            int[] displs = new int[size];
            for (int r = 1; r < size; r++) displs[r] = displs[r - 1] + counts[r - 1] + 1;
            int extent = displs[size - 1] + counts[size - 1];
            MpiRunner.Run(size, rank =>
            {
                for (int round = 0; round < 3; round++)
                {
                    int[] pair = [100 * round + rank, -rank];
                    int[] all = new int[2 * size];
                    cMPI.Allgather(pair, 0, 2, MPI_INT, all, 0, 2, MPI_INT, cMPI.COMM_WORLD);
                    for (int r = 0; r < size; r++) Assert.Equal([100 * round + r, -r], all[(2 * r)..(2 * r + 2)]);

                    int[] mine = Enumerable.Repeat(10 * round + rank, counts[rank]).ToArray();
                    int[] v = Enumerable.Repeat(-9, extent).ToArray();
                    cMPI.Allgatherv(mine, 0, counts[rank], MPI_INT, v, 0, counts, displs, MPI_INT, cMPI.COMM_WORLD);
                    for (int r = 0; r < size; r++)
                    {
                        for (int k = 0; k < counts[r]; k++) Assert.Equal(10 * round + r, v[displs[r] + k]);
                        if (r < size - 1) Assert.Equal(-9, v[displs[r] + counts[r]]); // gap untouched
                    }
                }
                cMPI.Type_contiguous(2, MPI_DOUBLE, out var twoDoubles);
                cMPI.Type_commit(ref twoDoubles);
                cMPI.Comm_split(cMPI.COMM_WORLD, rank % 2, -rank, out Comm half);
                cMPI.Comm_size(half, out int halfSize);
                double[] d = [rank, 0.5 * rank], got = new double[2 * halfSize];
                cMPI.Allgather(d, 0, 1, twoDoubles, got, 0, 1, twoDoubles, half);
                for (int h = 0; h < halfSize; h++)
                {
                    int world = (size - 1 - (size - 1 - rank % 2) % 2) - 2 * h; // ranks of this parity, highest first
                    Assert.Equal([world, 0.5 * world], got[(2 * h)..(2 * h + 2)]);
                }
                cMPI.Comm_free(ref half);
                cMPI.Type_free(ref twoDoubles);
            });
        }
        finally
        {
            CollectiveVariants.Allgather = old;
        }
    }

    private sealed class NamedTransport(string name) : CloudMpi.Transports.ITransport
    {
        public string Name => name;
        public int WorldSize => 1;
        public void Send(int destWorldRank, cMPIMessage message) => throw new NotSupportedException();
        public void Dispose() { }
    }

    [Theory]
    [InlineData("inproc", 4, "Hypercube", "Sequential", "Dissemination", "Exchange")]
    [InlineData("tcp", 3, "Hypercube", "Sequential", "Dissemination", "GatherBcast")]
    [InlineData("tcp", 4, "Hypercube", "Sequential", "Dissemination", "GatherBcast")]
    [InlineData("tcp", 5, "Hypercube", "Sequential", "Linear", "GatherBcast")]     // linear where dissemination takes 3 hops
    [InlineData("tcp", 7, "Hypercube", "Sequential", "Linear", "GatherBcast")]
    [InlineData("tcp", 8, "Hypercube", "Sequential", "Dissemination", "GatherBcast")]
    [InlineData("azure", 4, "Naive", "Threads", "Dissemination", "Exchange")]     // the storage model's choice (VariantChooserTests)
    [InlineData("azure", 400, "Hypercube", "Threads", "Messages", "GatherBcast")]
    public void EachTransportDefaultsToItsMeasuredFasterVariant(string transport, int size, string bcast, string scatter, string barrier, string allgather)
    {
        var (oldBcast, oldScatter, oldBarrier, oldAllgather) =
            (CollectiveVariants.Bcast, CollectiveVariants.Scatter, CollectiveVariants.Barrier, CollectiveVariants.Allgather);
        (CollectiveVariants.Bcast, CollectiveVariants.Scatter, CollectiveVariants.Barrier, CollectiveVariants.Allgather) = (null, null, null, null);
        try
        {
            var t = new NamedTransport(transport);
            Assert.Equal(bcast, CollectiveVariants.BcastFor(t, size).ToString());
            Assert.Equal(scatter, CollectiveVariants.ScatterFor(t, size).ToString());
            Assert.Equal(barrier, CollectiveVariants.BarrierFor(t, size).ToString());
            Assert.Equal(allgather, CollectiveVariants.AllgatherFor(t, size).ToString());
            // An explicit choice (CMPI_BCAST / CMPI_SCATTER) wins on every transport.
            (CollectiveVariants.Bcast, CollectiveVariants.Scatter) = (CollectiveVariants.BcastKind.Hypercube, CollectiveVariants.ScatterKind.Sequential);
            Assert.Equal(CollectiveVariants.BcastKind.Hypercube, CollectiveVariants.BcastFor(t, size));
            Assert.Equal(CollectiveVariants.ScatterKind.Sequential, CollectiveVariants.ScatterFor(t, size));
        }
        finally
        {
            (CollectiveVariants.Bcast, CollectiveVariants.Scatter, CollectiveVariants.Barrier, CollectiveVariants.Allgather) =
                (oldBcast, oldScatter, oldBarrier, oldAllgather);
        }
    }

    [Fact]
    public void AnUnknownVariantIsRefusedNamingTheChoices()
    {
        var e = Assert.Throws<ArgumentException>(() => CollectiveVariants.Parse("CMPI_BCAST", "binary", CollectiveVariants.BcastKind.Hypercube));
        Assert.Contains("CMPI_BCAST=binary", e.Message);
        Assert.Contains("hypercube, naive", e.Message);
    }
}
