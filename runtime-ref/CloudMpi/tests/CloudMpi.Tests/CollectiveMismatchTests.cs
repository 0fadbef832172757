using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

/// <summary>
/// Collectives called with mismatched roots, counts, datatypes or calls fail with an error naming the call, the
/// ranks and the mismatch; they neither wait for the deadlock timeout nor deliver wrong data.
/// </summary>
public class CollectiveMismatchTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    /// <summary>The one MPI error of the job (the other ranks are aborted), checked for its class and words.</summary>
    private static MpiException OnlyError(JobResult result, int errorClass, params string[] words)
    {
        Assert.Null(result.DeadlockReport);
        var errors = result.Errors.OfType<MpiException>().ToList();
        Assert.NotEmpty(errors);
        var ex = errors[0];
        Assert.Equal(errorClass, ex.ErrorClass);
        foreach (var w in words) Assert.Contains(w, ex.Message);
        return ex;
    }

    [Fact]
    public void CountsThatDifferAreNamed()
    {
        var result = MpiRunner.RunRaw(2, rank =>
        {
            var buf = new int[4];
            cMPI.Bcast(buf, 0, rank == 0 ? 4 : 2, MPI_INT, 0, World);
        }, deadlockSeconds: 20);
        OnlyError(result, cMPI.ERR_TRUNCATE, "MPI_Bcast", "rank 1", "rank 0", "16 bytes", "8 bytes", "counts or datatypes differ");
    }

    [Fact]
    public void DatatypesOfOneSizeThatDifferAreNamed()
    {
        var result = MpiRunner.RunRaw(4, rank =>
        {
            if (rank == 2)
            {
                float f = 1, g = 0;
                cMPI.Allreduce(ref f, ref g, 1, MPI_FLOAT, MPI_SUM, World);
            }
            else
            {
                int i = 1, j = 0;
                cMPI.Allreduce(ref i, ref j, 1, MPI_INT, MPI_SUM, World);
            }
        }, deadlockSeconds: 20);
        OnlyError(result, cMPI.ERR_TYPE, "MPI_Allreduce", "Float32", "Int32");
    }

    [Fact]
    public void RootsThatDifferFailInTheNextCollective()
    {
        // Each rank thinks it is the root: both send and neither receives, so the Bcast itself returns; the
        // message nobody took shows the mismatch as soon as the ranks meet again.
        var result = MpiRunner.RunRaw(2, rank =>
        {
            int x = rank;
            cMPI.Bcast(ref x, 1, MPI_INT, rank, World);
            cMPI.Barrier(World);
        }, deadlockSeconds: 20);
        OnlyError(result, cMPI.ERR_OTHER, "MPI_Bcast(root=", "MPI_Barrier");
    }

    [Fact]
    public void DifferentCallsAreNamed()
    {
        var result = MpiRunner.RunRaw(3, rank =>
        {
            double d = rank, sum = 0;
            if (rank == 1) cMPI.Allreduce(ref d, ref sum, 1, MPI_DOUBLE, MPI_SUM, World);
            else cMPI.Reduce(ref d, ref sum, 1, MPI_DOUBLE, MPI_SUM, 0, World);
            cMPI.Barrier(World);
        }, deadlockSeconds: 30);
        // Rank 0 (Reduce's root) and rank 1 (Allreduce) both wait: the monitor or a received message tells, at once.
        string text = result.DeadlockReport ?? result.Errors.OfType<MpiException>().First().Message;
        Assert.Contains("collective mismatch", text);
        Assert.Contains("MPI_Allreduce", text);
        Assert.Contains("MPI_Reduce(root=0", text);
        Assert.True(result.DeadlockAfter is null || result.DeadlockAfter < TimeSpan.FromSeconds(10));
    }

    [Fact]
    public void RanksThatAllWaitWithDifferentRootsEndAtOnce()
    {
        // Both ranks are the root of their own Reduce and wait for the other: no message will ever come.
        var result = MpiRunner.RunRaw(2, rank =>
        {
            int x = rank, y = 0;
            cMPI.Reduce(ref x, ref y, 1, MPI_INT, MPI_SUM, rank, World);
        }, deadlockSeconds: 30);
        Assert.NotNull(result.DeadlockReport);
        Assert.StartsWith("collective mismatch on MPI_COMM_WORLD", result.DeadlockReport);
        Assert.Contains("MPI_Reduce(root=0)", result.DeadlockReport);
        Assert.Contains("MPI_Reduce(root=1)", result.DeadlockReport);
        Assert.True(result.DeadlockAfter < TimeSpan.FromSeconds(10), $"reported after {result.DeadlockAfter}, not at once");
    }

    /// <summary>
    /// The v variants: a count that disagrees with what the peer sends is MPI_ERR_TRUNCATE when the receiving slot is
    /// too small (as for a point-to-point receive), MPI_ERR_COUNT when it is larger; the data is never cut or padded.
    /// Gatherv and Scatterv take a larger slot, as Open MPI's point-to-point blocks do (next test).
    /// </summary>
    [Theory]
    [InlineData("gatherv", 3, cMPI.ERR_TRUNCATE)]
    [InlineData("scatterv", 3, cMPI.ERR_TRUNCATE)]
    [InlineData("allgatherv", 3, cMPI.ERR_TRUNCATE)]
    [InlineData("allgatherv-split", 2, cMPI.ERR_TRUNCATE)]
    [InlineData("alltoallv", 3, cMPI.ERR_TRUNCATE)]
    [InlineData("alltoallv", 1, cMPI.ERR_COUNT)]
    public void VariantCountsThatDisagreeWithTheSenderFail(string call, int sent, int errorClass)
    {
        // Rank 1's block is 2 ints by everyone's counts, but rank 1 (or the root, for its block) moves `sent` ints.
        // (Alltoallv's displacements leave room for 3.)
        var result = MpiRunner.RunRaw(3, rank =>
        {
            int[] counts = [2, 2, 2], displs = [0, 2, 4];
            int[] send = [.. Enumerable.Range(10 * rank, 6)], recv = Enumerable.Repeat(-1, 6).ToArray();
            switch (call)
            {
                case "gatherv":
                    cMPI.Gatherv(send, 0, rank == 1 ? sent : 2, MPI_INT, recv, 0, counts, displs, MPI_INT, 0, World);
                    break;
                case "scatterv":
                    int[] sendcounts = [2, rank == 0 ? sent : 2, 2];
                    cMPI.Scatterv(send, 0, sendcounts, displs, MPI_INT, recv, 0, 2, MPI_INT, 0, World);
                    break;
                case "allgatherv":
                    cMPI.Allgatherv(send, 0, rank == 1 ? sent : 2, MPI_INT, recv, 0, counts, displs, MPI_INT, World);
                    break;
                case "allgatherv-split":
                    // the same total, split differently by rank 2: its slots would silently shift (rank 1's block of 2 ints
                    // arrives first, for a slot of 1: the exchange, inproc's allgather, receives from rank - 1 first)
                    int[] mine = rank == 2 ? [3, 1, 2] : counts, at = rank == 2 ? [0, 3, 4] : displs;
                    cMPI.Allgatherv(send, 0, 2, MPI_INT, recv, 0, mine, at, MPI_INT, World);
                    break;
                case "alltoallv":
                    int[] scounts = rank == 1 ? [sent, sent, sent] : [2, 2, 2];
                    cMPI.Alltoallv(send, 0, scounts, [0, 2, 3], MPI_INT, recv, 0, counts, displs, MPI_INT, World);
                    break;
            }
        }, deadlockSeconds: 20);
        Assert.Null(result.DeadlockReport);
        var errors = result.Errors.OfType<MpiException>().ToList();
        Assert.NotEmpty(errors);
        Assert.Equal(errorClass, errors[0].ErrorClass);
    }

    /// <summary>
    /// Gatherv and Scatterv with a receive count above what the sender moves, as Open MPI 4.1 takes them (its linear
    /// algorithms receive each block as a point-to-point message of the receiver's count): the block's first elements
    /// arrive, the rest of the slot is untouched, at the root and elsewhere (a Scatterv that receives `length` elements
    /// on every rank, the root sending each its share: PDP's quicksort).
    /// </summary>
    [Fact]
    public void GathervAndScattervTakeAReceiveCountAboveTheSenders()
    {
        var scattered = new int[3][];
        int[] gathered = [];
        MpiRunner.Run(3, rank =>
        {
            int[] send = [.. Enumerable.Range(10 * rank, 6)];
            var recv = Enumerable.Repeat(-1, 4).ToArray();
            cMPI.Scatterv(send, 0, [1, 2, 1], [0, 2, 4], MPI_INT, recv, 0, 4, MPI_INT, 0, World);
            scattered[rank] = recv;
            var all = Enumerable.Repeat(-1, 9).ToArray();
            cMPI.Gatherv(send, 0, rank == 1 ? 1 : 3, MPI_INT, all, 0, [3, 3, 3], [0, 3, 6], MPI_INT, 0, World);
            if (rank == 0) gathered = all;
        });
        Assert.Equal([0, -1, -1, -1], scattered[0]);
        Assert.Equal([2, 3, -1, -1], scattered[1]);
        Assert.Equal([4, -1, -1, -1], scattered[2]);
        Assert.Equal([0, 1, 2, 10, -1, -1, 20, 21, 22], gathered);
    }

    [Fact]
    public void AgreeingRanksSeeNoMismatch()
    {
        // Derived types with the same signature, v variants and split communicators whose halves do different collectives.
        MpiRunner.Run(4, rank =>
        {
            cMPI.Type_contiguous(2, MPI_INT, out var pair);
            cMPI.Type_commit(ref pair);
            var buf = new int[8];
            if (rank == 0) cMPI.Bcast(buf, 0, 4, MPI_INT, 0, World);
            else cMPI.Bcast(buf, 0, 2, pair, 0, World);
            cMPI.Comm_split(World, rank % 2, rank, out var half);
            int x = rank, y = 0;
            if (rank % 2 == 0) cMPI.Allreduce(ref x, ref y, 1, MPI_INT, MPI_SUM, half);
            else cMPI.Bcast(ref x, 1, MPI_INT, 0, half);
            cMPI.Barrier(World);
            cMPI.Comm_free(ref half);
        });
    }
}
