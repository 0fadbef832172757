using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

public class ErrhandlerTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [Fact]
    public void FatalByDefaultReturnsUnderErrorsReturn()
    {
        MpiRunner.Run(2, rank =>
        {
            int[] big = [1, 2, 3, 4], small = new int[2];
            int peer = 1 - rank;
            cMPI.Send(big, 0, 4, MPI_INT, peer, 0, World);
            // Default: the error propagates (the job would end).
            Assert.Throws<MpiException>(() => cMPI.Try(World, () => cMPI.Recv(small, 0, 2, MPI_INT, peer, 0, World, out _)));
            Assert.Equal([1, 2], small); // what fits is delivered, as Open MPI does
            cMPI.Comm_set_errhandler(World, cMPI.ERRORS_RETURN);
            cMPI.Send(big, 0, 4, MPI_INT, peer, 1, World);
            Assert.Equal(cMPI.ERR_TRUNCATE, cMPI.Try(World, () => cMPI.Recv(small, 0, 2, MPI_INT, peer, 1, World, out _)));
            Assert.Equal(cMPI.ERR_RANK, cMPI.Try(World, () => cMPI.Send(big, 0, 1, MPI_INT, 5, 0, World)));
            Assert.Equal(cMPI.ERR_COMM, cMPI.Try(cMPI.COMM_NULL, () => cMPI.Barrier(cMPI.COMM_NULL)));
            Assert.Equal(cMPI.SUCCESS, cMPI.Try(World, () => cMPI.Barrier(World)));
            cMPI.Comm_dup(World, out var dup);
            cMPI.Comm_get_errhandler(dup, out var eh);
            Assert.Same(cMPI.ERRORS_RETURN, eh);
        });
    }

    /// <summary>
    /// A truncated receive under ERRORS_RETURN is complete all the same, as in Open MPI: the single completions give
    /// its status (the whole message's count) and release the request; Waitall, Testall, Waitsome and Testsome
    /// return MPI_ERR_IN_STATUS with MPI_ERR_TRUNCATE in its status and MPI_SUCCESS in the others'. Waitsome used to
    /// find the same failing request complete again, forever.
    /// </summary>
    [Fact]
    public void TruncatedReceivesCompleteWithTheirStatus()
    {
        MpiRunner.Run(2, rank =>
        {
            cMPI.Comm_set_errhandler(World, cMPI.ERRORS_RETURN);
            int[] big = [1, 2, 3, 4, 5], small = new int[2], other = new int[5];
            if (rank == 0)
            {
                for (int tag = 0; tag < 4; tag++) cMPI.Send(big, 0, 5, MPI_INT, 1, tag, World);
                cMPI.Send(big, 0, 1, MPI_INT, 1, 9, World);
                cMPI.Send(big, 0, 1, MPI_INT, 1, 8, World);
                return;
            }
            Status st = default;
            Assert.Equal(cMPI.ERR_TRUNCATE, cMPI.Try(World, () => cMPI.Recv(small, 0, 2, MPI_INT, 0, 0, World, out st)));
            cMPI.Get_count(st, MPI_INT, out int count);
            Assert.Equal((0, 0, 5), (st.MPI_SOURCE, st.MPI_TAG, count));
            cMPI.Irecv(small, 0, 2, MPI_INT, 0, 1, World, out var r);
            Assert.Equal(cMPI.ERR_TRUNCATE, cMPI.Try(World, () => cMPI.Wait(ref r, out st)));
            Assert.Same(cMPI.REQUEST_NULL, r);
            Assert.Equal(1, st.MPI_TAG);
            var reqs = new Request[2];
            var sts = new Status[2];
            cMPI.Irecv(small, 0, 2, MPI_INT, 0, 2, World, out reqs[0]);
            cMPI.Irecv(other, 0, 5, MPI_INT, 0, 9, World, out reqs[1]);
            Assert.Equal(cMPI.ERR_IN_STATUS, cMPI.Try(World, () => cMPI.Waitall(2, reqs, sts)));
            Assert.Equal((cMPI.ERR_TRUNCATE, cMPI.SUCCESS), (sts[0].MPI_ERROR, sts[1].MPI_ERROR));
            Assert.All(reqs, q => Assert.Same(cMPI.REQUEST_NULL, q));
            cMPI.Irecv(small, 0, 2, MPI_INT, 0, 3, World, out reqs[0]);
            cMPI.Irecv(other, 0, 5, MPI_INT, 0, 8, World, out reqs[1]);
            var indices = new int[2];
            int done = 0, failed = 0;
            while (done < 2)
            {
                int outcount = 0;
                int rc = cMPI.Try(World, () => cMPI.Waitsome(2, reqs, out outcount, indices, sts));
                if (rc == cMPI.ERR_IN_STATUS) failed++;
                else Assert.Equal(cMPI.SUCCESS, rc);
                done += outcount;
            }
            Assert.Equal(1, failed);
            int none = 0;
            cMPI.Waitsome(2, reqs, out none, indices, sts);
            Assert.Equal(cMPI.UNDEFINED, none);
        });
    }

    [Fact]
    public void UserHandlerSeesCommAndCodeThenTheCallReturns()
    {
        MpiRunner.Run(2, rank =>
        {
            var seen = new List<(Comm, int)>();
            void Record(ref Comm comm, ref int code) => seen.Add((comm, code));
            cMPI.Comm_dup(World, out var dup);
            cMPI.Comm_create_errhandler(Record, out var eh);
            cMPI.Comm_set_errhandler(dup, eh);
            // Comm_call_errhandler calls the function and returns MPI_SUCCESS.
            Assert.Equal(cMPI.SUCCESS, cMPI.Comm_call_errhandler(dup, cMPI.ERR_OTHER));
            // A failing call on dup calls it with the error class and returns that class.
            int[] buf = new int[1];
            Assert.Equal(cMPI.ERR_RANK, cMPI.Try(dup, () => cMPI.Send(buf, 0, 1, MPI_INT, 9, 0, dup)));
            Assert.Equal([(dup, cMPI.ERR_OTHER), (dup, cMPI.ERR_RANK)], seen);
            // Freeing the handle leaves the communicator's handler in place (MPI counts references); children inherit it.
            cMPI.Errhandler_free(ref eh);
            Assert.Same(cMPI.ERRHANDLER_NULL, eh);
            cMPI.Comm_dup(dup, out var child);
            Assert.Equal(cMPI.ERR_RANK, cMPI.Try(child, () => cMPI.Send(buf, 0, 1, MPI_INT, 9, 0, child)));
            Assert.Equal(3, seen.Count);
            Assert.Same(child, seen[2].Item1);
            // World keeps the default: the error still ends the job.
            Assert.Throws<MpiException>(() => cMPI.Try(World, () => cMPI.Send(buf, 0, 1, MPI_INT, 9, 0, World)));
        });
    }

    [Fact]
    public void StatementCallsGoThroughTheHandlerAndTheProgramGoesOn()
    {
        // A C call used as a statement is translated as a discarded cMPI.Try (in programs that set a handler):
        // the user function runs once per failure, ERRORS_RETURN drops the code, ERRORS_ARE_FATAL still throws.
        MpiRunner.Run(2, rank =>
        {
            int calls = 0, last = cMPI.SUCCESS;
            void Count(ref Comm comm, ref int code) { calls++; last = code; }
            int[] buf = [rank];
            cMPI.Comm_dup(World, out var counted);
            cMPI.Comm_dup(World, out var quiet);
            cMPI.Comm_create_errhandler(Count, out var eh);
            cMPI.Comm_set_errhandler(counted, eh);
            cMPI.Comm_set_errhandler(quiet, cMPI.ERRORS_RETURN);
            for (int i = 0; i < 3; i++)
                cMPI.Try(counted, () => cMPI.Send(buf, 0, 1, MPI_INT, rank, -1 - i, counted));
            Assert.Equal((3, cMPI.ERR_TAG), (calls, last));
            cMPI.Try(quiet, () => cMPI.Send(buf, 0, 1, MPI_INT, 9, 0, quiet));
            Assert.Equal(3, calls);
            var fatal = Assert.Throws<MpiException>(() => cMPI.Try(World, () => cMPI.Send(buf, 0, 1, MPI_INT, 9, 0, World)));
            Assert.Equal(
                "*** An error occurred in MPI_Send\n*** MPI_ERR_RANK: invalid rank\n" +
                "*** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,\n***    and potentially your MPI job)\n",
                cMPI.FatalErrorText(fatal));
            cMPI.Barrier(World);
        });
    }

    [Fact]
    public void HandlersArePerRankOnSharedWorld()
    {
        MpiRunner.Run(2, rank =>
        {
            if (rank == 0) cMPI.Comm_set_errhandler(World, cMPI.ERRORS_RETURN);
            cMPI.Barrier(World);
            cMPI.Comm_get_errhandler(World, out var eh);
            Assert.Same(rank == 0 ? cMPI.ERRORS_RETURN : cMPI.ERRORS_ARE_FATAL, eh);
        });
    }

    [Fact]
    public void ErrorStringsAreOpenMpis()
    {
        MpiRunner.Run(1, _ =>
        {
            var buf = new sbyte[cMPI.MAX_ERROR_STRING];
            cMPI.Error_string(cMPI.ERR_TRUNCATE, buf, out int len);
            cMPI.Error_string(cMPI.ERR_TRUNCATE, out string s, out _);
            Assert.Equal("MPI_ERR_TRUNCATE: message truncated", s);
            Assert.Equal(s.Length, len);
            Assert.Equal(0, buf[len]);
            cMPI.Error_class(cMPI.ERR_RANK, out int cls);
            Assert.Equal(cMPI.ERR_RANK, cls);
            Assert.Throws<MpiException>(() => cMPI.Error_class(cMPI.ERR_LASTCODE + 1, out _));
        });
    }

    [Fact]
    public void InitThreadProvidesWhatIsAsked()
    {
        var result = MpiRunner.RunRaw(2, _ =>
        {
            cMPI.Init_thread(cMPI.THREAD_MULTIPLE, out int provided);
            Assert.Equal(cMPI.THREAD_MULTIPLE, provided);
            cMPI.Query_thread(out int q);
            Assert.Equal(provided, q);
            cMPI.Get_version(out int v, out int sv);
            Assert.Equal((3, 1), (v, sv));
            cMPI.Finalize();
        }, init: false);
        Assert.All(result.Errors, e => Assert.Null(e));
    }
}
