using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

public class ErrorTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    private static MpiException Throws(Action a, int errorClass, string call)
    {
        var ex = Assert.Throws<MpiException>(a);
        Assert.Equal(errorClass, ex.ErrorClass);
        Assert.Equal(call, ex.Call);
        Assert.StartsWith(call + ":", ex.Message);
        return ex;
    }

    [Fact]
    public void TruncationIsAnError()
    {
        MpiException? caught = null;
        MpiRunner.Run(2, rank =>
        {
            if (rank == 0)
            {
                int[] big = [1, 2, 3, 4];
                cMPI.Send(big, 0, 4, MPI_INT, 1, 0, World);
            }
            else
            {
                int[] small = new int[4];
                caught = Assert.Throws<MpiException>(() => cMPI.Recv(small, 0, 2, MPI_INT, 0, 0, World, out _));
            }
        });
        Assert.NotNull(caught);
        Assert.Equal(cMPI.ERR_TRUNCATE, caught!.ErrorClass);
        Assert.Contains("MPI_ERR_TRUNCATE", caught.Message);
        Assert.Contains("MPI_Recv", caught.Message);
        Assert.Contains("16 bytes", caught.Message);
    }

    [Fact]
    public void DatatypeMismatches()
    {
        MpiRunner.Run(1, me =>
        {
            double[] d = new double[4];
            int[] i = new int[4];
            // A number of the other kind moves its bytes, as C and Open MPI do (ATPESC unintended-sync's double
            // halos sent as 2 * n MPI_INT): doubles through ints, ints through a double, a double through longs.
            double[] halo = [1.5, -2.25];
            cMPI.Send(halo, 0, 4, MPI_INT, 0, 0, World);
            cMPI.Recv(d, 0, 4, MPI_INT, 0, 0, World, out var got4);
            Assert.Equal([1.5, -2.25, 0, 0], d);
            Assert.Equal(4, cMPI.Get_count(ref got4, MPI_INT, out int ints) == cMPI.SUCCESS ? ints : -1);
            int[] pair = [7, -8];
            cMPI.Send(pair, 0, 1, MPI_DOUBLE, 0, 0, World);
            cMPI.Recv(i, 0, 1, MPI_DOUBLE, 0, 0, World, out _);
            Assert.Equal([7, -8, 0, 0], i);
            cMPI.Send(halo, 0, 1, MPI_LONG, 0, 0, World);
            cMPI.Recv(d, 2, 1, MPI_LONG, 0, 0, World, out _);
            Assert.Equal(1.5, d[2]);
            // a reduction works on the datatype's elements, as the bytes hold them: the ints' bits OR'ed
            double[] bits = [1.5], same = [0];
            cMPI.Allreduce(bits, 0, same, 0, 2, MPI_INT, MPI_BOR, World);
            Assert.Equal(1.5, same[0]);
            // past the buffer's end, clipped as numbers of another size are: 3 ints from one double
            cMPI.Send(halo, 1, 3, MPI_INT, 0, 0, World);
            int[] clipped = [9, 9, 9, 9];
            cMPI.Recv(clipped, 0, 3, MPI_INT, 0, 0, World, out _);
            Assert.Equal(BitConverter.DoubleToInt64Bits(-2.25), (long)(uint)clipped[0] | ((long)clipped[1] << 32));
            Assert.Equal([0, 9], clipped[2..]);
            // the same size and kind past the end is a wrong count: MPI_ERR_BUFFER
            Throws(() => cMPI.Send(new float[2], 0, 3, MPI_INT, 0, 0, World), cMPI.ERR_BUFFER, "MPI_Send");
            // Allowed: unsigned buffer as MPI_INT, anything as MPI_BYTE.
            uint[] u = [5];
            cMPI.Send(u, 0, 1, MPI_INT, 0, 0, World);
            cMPI.Recv(i, 0, 1, MPI_UNSIGNED, 0, 0, World, out _);
            Assert.Equal(5, i[0]);
            // and a wider integer described by a narrower one: its first bytes (the low half of a long)
            long[] wide = [0x1_0000_0005L];
            cMPI.Send(wide, 0, 1, MPI_INT, 0, 0, World);
            cMPI.Recv(i, 0, 1, MPI_INT, 0, 0, World, out _);
            Assert.Equal(5, i[0]);
            // past its end: C's bytes beyond the buffer; the port's read as zero and are dropped on receipt
            cMPI.Send(wide, 0, 3, MPI_INT, 0, 0, World);
            int[] three = [9, 9, 9, 9];
            cMPI.Recv(three, 0, 3, MPI_INT, 0, 0, World, out var st);
            Assert.Equal([5, 1, 0, 9], three);
            Assert.Equal(3, cMPI.Get_count(ref st, MPI_INT, out int got) == cMPI.SUCCESS ? got : -1);
            cMPI.Send(d, 0, 32, MPI_BYTE, 0, 0, World);
            cMPI.Recv(d, 0, 32, MPI_BYTE, 0, 0, World, out _);
        });
    }

    [Fact]
    public void NumbersOfAnotherSizeMoveTheirBytes()
    {
        // `int n` as MPI_LONG_LONG_INT (C moves 8 bytes from &n): the int's own 4 bytes and 4 zeros; a receive
        // writes the int's 4 and drops the rest, where C overwrites the neighbour
        MpiRunner.Run(2, me =>
        {
            int n = me == 0 ? -7 : 0;
            cMPI.Bcast(ref n, 1, MPI_LONG_LONG_INT, 0, World);
            Assert.Equal(-7, n);
            int[] three = me == 0 ? [1, 2, 3] : [0, 0, 0];
            cMPI.Bcast(three, 0, 2, MPI_LONG, 0, World);  // 16 bytes from 12: the last 4 read as zeros
            Assert.Equal([1, 2, 3], three);
            // a reduction of (x, 0) as longs: -1 is 0xFFFFFFFF, their sum's low 4 bytes are -2
            int x = -1, sum = 0;
            cMPI.Allreduce(ref x, ref sum, 1, MPI_LONG, MPI_SUM, World);
            Assert.Equal(-2, sum);
            long[] total = [0];
            long[] word = [x];
            cMPI.Allreduce(word, 0, total, 0, 1, MPI_LONG, MPI_SUM, World);
            Assert.Equal(-2L, total[0]);  // the same call on longs sign-extends: the bytes differ, as in C
            // point to point, from an offset near the end of an array, into a scalar
            int[] a = [10, 20, 30];
            if (me == 0) cMPI.Send(a, 2, 1, MPI_LONG, 1, 0, World);
            else
            {
                short s = 0;
                cMPI.Recv(ref s, 1, MPI_LONG, 0, 0, World, out _);
                Assert.Equal((short)30, s);
            }
        });
    }

    [Fact]
    public void BufferBoundsAndCounts()
    {
        MpiRunner.Run(1, me =>
        {
            int[] a = new int[4];
            int x = 0;
            Throws(() => cMPI.Send(a, 0, 5, MPI_INT, 0, 0, World), cMPI.ERR_BUFFER, "MPI_Send");
            Throws(() => cMPI.Send(a, 2, 3, MPI_INT, 0, 0, World), cMPI.ERR_BUFFER, "MPI_Send");
            Throws(() => cMPI.Send(a, 5, 0, MPI_INT, 0, 0, World), cMPI.ERR_BUFFER, "MPI_Send");
            Throws(() => cMPI.Send(a, -1, 1, MPI_INT, 0, 0, World), cMPI.ERR_BUFFER, "MPI_Send");
            Throws(() => cMPI.Send(a, 0, -1, MPI_INT, 0, 0, World), cMPI.ERR_COUNT, "MPI_Send");
            Throws(() => cMPI.Send(ref x, 2, MPI_INT, 0, 0, World), cMPI.ERR_BUFFER, "MPI_Send");
            Throws(() => cMPI.Recv(a, 1, 4, MPI_INT, 0, 0, World, out _), cMPI.ERR_BUFFER, "MPI_Recv");
            // Bytes: 16 bytes fit in int[4] as MPI_BYTE, 17 do not.
            cMPI.Send(a, 0, 16, MPI_BYTE, 0, 0, World);
            cMPI.Recv(a, 0, 16, MPI_BYTE, 0, 0, World, out _);
            Throws(() => cMPI.Send(a, 0, 17, MPI_BYTE, 0, 0, World), cMPI.ERR_BUFFER, "MPI_Send");
            // count 0 at the end of the buffer is fine.
            cMPI.Send(a, 4, 0, MPI_INT, 0, 0, World);
            cMPI.Recv(a, 4, 0, MPI_INT, 0, 0, World, out var st);
            cMPI.Get_count(st, MPI_INT, out int n);
            Assert.Equal(0, n);
        });
    }

    [Fact]
    public void RanksTagsRootsOps()
    {
        MpiRunner.Run(2, rank =>
        {
            int x = 0;
            var ex = Throws(() => cMPI.Send(ref x, 1, MPI_INT, 2, 0, World), cMPI.ERR_RANK, "MPI_Send");
            Assert.Contains("size 2", ex.Message);
            Throws(() => cMPI.Send(ref x, 1, MPI_INT, -1, 0, World), cMPI.ERR_RANK, "MPI_Send");
            Throws(() => cMPI.Recv(ref x, 1, MPI_INT, 5, 0, World, out _), cMPI.ERR_RANK, "MPI_Recv");
            Throws(() => cMPI.Send(ref x, 1, MPI_INT, 0, -1, World), cMPI.ERR_TAG, "MPI_Send");
            Throws(() => cMPI.Recv(ref x, 1, MPI_INT, 0, -7, World, out _), cMPI.ERR_TAG, "MPI_Recv");
            Throws(() => cMPI.Bcast(ref x, 1, MPI_INT, 2, World), cMPI.ERR_ROOT, "MPI_Bcast");
            Throws(() => cMPI.Reduce(ref x, ref x, 1, MPI_INT, MPI_SUM, -1, World), cMPI.ERR_ROOT, "MPI_Reduce");
            int w = 0; // (Open MPI 4.1 reduces MPI_CHAR as an 8-bit integer, MPI_WCHAR with no op)
            var opEx = Throws(() => cMPI.Allreduce(ref w, ref w, 1, MPI_WCHAR, MPI_SUM, World), cMPI.ERR_OP, "MPI_Allreduce");
            Assert.Contains("MPI_SUM is not defined for datatype MPI_WCHAR", opEx.Message);
            double d = 0;
            Throws(() => cMPI.Allreduce(ref d, ref d, 1, MPI_DOUBLE, MPI_BAND, World), cMPI.ERR_OP, "MPI_Allreduce");
        }, deadlockSeconds: 5);
    }
}

public class LifecycleTests
{
    [Fact]
    public void CallsBeforeInitAndAfterFinalizeFail()
    {
        var result = MpiRunner.RunRaw(1, me =>
        {
            int x = 0;
            cMPI.Initialized(out int flag);
            Assert.Equal(0, flag);
            var ex = Assert.Throws<MpiLifecycleException>(() => cMPI.Send(ref x, 1, Datatype.MPI_INT, 0, 0, cMPI.COMM_WORLD));
            Assert.Contains("before MPI_Init", ex.Message);
            Assert.Equal("before MPI_INIT", ex.When);
            cMPI.Init();
            Assert.Throws<MpiNullCommunicatorException>(() => cMPI.Init());
            cMPI.Comm_set_errhandler(cMPI.COMM_WORLD, cMPI.ERRORS_RETURN);
            // a second MPI_Init reaches no handler (Open MPI 4.1: "Unknown error" on a NULL communicator, status 1)
            Assert.Throws<MpiNullCommunicatorException>(() => cMPI.Try(cMPI.COMM_WORLD, () => cMPI.Init()));
            cMPI.Finalize();
            cMPI.Finalized(out flag);
            Assert.Equal(1, flag);
            // no error handler applies outside MPI: ERRORS_RETURN set before MPI_Finalize does not return the error
            var after = Assert.Throws<MpiLifecycleException>(() => cMPI.Try(cMPI.COMM_WORLD, () => cMPI.Comm_rank(cMPI.COMM_WORLD, out _)));
            Assert.Equal("after MPI_FINALIZE", after.When);
            Assert.Equal("after MPI_FINALIZE", Assert.Throws<MpiLifecycleException>(() => cMPI.Init()).When);
        }, init: false);
        Assert.Null(result.Errors[0]);
    }

    [Fact]
    public void WtimeAdvancesAndWtickIsSmall()
    {
        double t0 = cMPI.Wtime();
        Thread.Sleep(20);
        double t1 = cMPI.Wtime();
        Assert.InRange(t1 - t0, 0.015, 5);
        Assert.InRange(cMPI.Wtick(), 1e-12, 1e-3);
    }

    [Fact]
    public void WtimeCountsFromEachRanksFirstCallAsOpenMpi()
    {
        // Open MPI 4.1 prints 0.000000000 for a process's first MPI_Wtime, before or after MPI_Init
        var firsts = new double[2];
        var seconds = new double[2];
        MpiRunner.Run(2, rank =>
        {
            Thread.Sleep(30 * rank);  // the ranks' first calls far apart: each has its own origin
            firsts[rank] = cMPI.Wtime();
            Thread.Sleep(20);
            seconds[rank] = cMPI.Wtime();
        });
        Assert.Equal(new[] { 0.0, 0.0 }, firsts);
        Assert.All(seconds, t => Assert.InRange(t, 0.015, 5));
    }

    [Fact]
    public void ProcessorName()
    {
        var name = new sbyte[cMPI.MAX_PROCESSOR_NAME];
        cMPI.Get_processor_name(name, out int len);
        Assert.True(len > 0);
        Assert.Equal(0, name[len]);
    }
}
