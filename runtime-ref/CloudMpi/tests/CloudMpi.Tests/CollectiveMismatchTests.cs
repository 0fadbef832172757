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
