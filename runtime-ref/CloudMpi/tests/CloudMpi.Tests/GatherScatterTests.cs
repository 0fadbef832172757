using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

public class GatherScatterTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    public static IEnumerable<object[]> Sizes => MpiRunner.SizeData;

    [Theory]
    [MemberData(nameof(Sizes))]
    public void GatherScatterAllgather(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            for (int root = 0; root < size; root++)
            {
                // Gather two ints per rank into [1 + 2r, 1 + 2r + 1] of the root's buffer.
                int[] mine = [rank * 10, rank * 10 + 1];
                int[] all = Enumerable.Repeat(-1, 2 * size + 1).ToArray();
                cMPI.Gather(mine, 0, 2, MPI_INT, all, 1, 2, MPI_INT, root, World);
                if (rank == root)
                {
                    Assert.Equal(-1, all[0]);
                    for (int r = 0; r < size; r++) Assert.Equal([r * 10, r * 10 + 1], all[(1 + 2 * r)..(3 + 2 * r)]);
                }
                else Assert.All(all, v => Assert.Equal(-1, v));

                // Scatter one double per rank back, scalar receive.
                double[] src = rank == root ? Enumerable.Range(0, size).Select(r => r + 0.25 * root).ToArray() : [];
                double got = -1;
                cMPI.Scatter(src, 0, 1, MPI_DOUBLE, ref got, 1, MPI_DOUBLE, root, World);
                Assert.Equal(rank + 0.25 * root, got);

                // Gather of a scalar.
                long one = rank + 100;
                long[] gathered = new long[size];
                cMPI.Gather(ref one, 1, MPI_LONG, gathered, 0, 1, MPI_LONG, root, World);
                if (rank == root) Assert.Equal(Enumerable.Range(100, size).Select(x => (long)x), gathered);
            }
            int v = rank * rank;
            int[] squares = new int[size];
            cMPI.Allgather(ref v, 1, MPI_INT, squares, 0, 1, MPI_INT, World);
            Assert.Equal(Enumerable.Range(0, size).Select(r => r * r), squares);
        });
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void VariableCounts(int size)
    {
        // Rank r contributes r + 1 elements; displacements leave a one-element gap between slots.
        int[] counts = Enumerable.Range(0, size).Select(r => r + 1).ToArray();
        int[] displs = new int[size];
        for (int r = 1; r < size; r++) displs[r] = displs[r - 1] + counts[r - 1] + 1;
        int extent = displs[size - 1] + counts[size - 1];
        MpiRunner.Run(size, rank =>
        {
            int[] mine = Enumerable.Repeat(rank + 1, rank + 1).ToArray();
            int[] all = Enumerable.Repeat(-9, extent).ToArray();
            cMPI.Allgatherv(mine, 0, rank + 1, MPI_INT, all, 0, counts, displs, MPI_INT, World);
            for (int r = 0; r < size; r++)
            {
                for (int k = 0; k < counts[r]; k++) Assert.Equal(r + 1, all[displs[r] + k]);
                if (r < size - 1) Assert.Equal(-9, all[displs[r] + counts[r]]); // gap untouched
            }
            int[] g = Enumerable.Repeat(-9, extent).ToArray();
            cMPI.Gatherv(mine, 0, rank + 1, MPI_INT, g, 0, counts, displs, MPI_INT, size - 1, World);
            if (rank == size - 1) Assert.Equal(all, g);
            int[] back = new int[size];
            cMPI.Scatterv(all, 0, counts, displs, MPI_INT, back, 0, rank + 1, MPI_INT, 0, World);
            Assert.All(back.Take(rank + 1), x => Assert.Equal(rank + 1, x));
            Assert.All(back.Skip(rank + 1), x => Assert.Equal(0, x));
        });
    }

    [Fact]
    public void GatherIntoTooSmallRootBufferIsAnError()
    {
        var r = MpiRunner.RunRaw(2, rank =>
        {
            int[] mine = [1, 2];
            int[] all = new int[3];
            cMPI.Gather(mine, 0, 2, MPI_INT, all, 0, 2, MPI_INT, 0, World);
        }, deadlockSeconds: 5);
        var ex = Assert.IsType<MpiException>(r.Errors[0]);
        Assert.Equal(cMPI.ERR_BUFFER, ex.ErrorClass);
        Assert.Equal("MPI_Gather", ex.Call);
    }
}
