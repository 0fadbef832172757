using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

public class CommunicatorTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [Fact]
    public void SplitByParityWithReversedKeys()
    {
        MpiRunner.Run(7, rank =>
        {
            cMPI.Comm_split(World, rank % 2, -rank, out var sub);
            cMPI.Comm_size(sub, out int size);
            cMPI.Comm_rank(sub, out int subRank);
            var members = Enumerable.Range(0, 7).Where(r => r % 2 == rank % 2).OrderByDescending(r => r).ToArray();
            Assert.Equal(members.Length, size);
            Assert.Equal(Array.IndexOf(members, rank), subRank);
            // Collectives and point-to-point inside the sub-communicator.
            int mine = rank, sum = 0;
            cMPI.Allreduce(ref mine, ref sum, 1, MPI_INT, MPI_SUM, sub);
            Assert.Equal(members.Sum(), sum);
            int right = (subRank + 1) % size, left = (subRank + size - 1) % size, got = -1;
            cMPI.Sendrecv(ref mine, 1, MPI_INT, right, 0, ref got, 1, MPI_INT, left, 0, sub, out var st);
            Assert.Equal(members[left], got);
            Assert.Equal(left, st.MPI_SOURCE); // sources are ranks in the sub-communicator
            cMPI.Barrier(sub);
            cMPI.Comm_free(ref sub);
            Assert.Same(cMPI.COMM_NULL, sub);
        });
    }

    [Fact]
    public void DupIsolatesTrafficAndUndefinedGivesNull()
    {
        MpiRunner.Run(3, rank =>
        {
            cMPI.Comm_dup(World, out var dup);
            int a = 1, b = 2, x = 0;
            int next = (rank + 1) % 3, prev = (rank + 2) % 3;
            cMPI.Send(ref a, 1, MPI_INT, next, 0, World);
            cMPI.Send(ref b, 1, MPI_INT, next, 0, dup);
            cMPI.Recv(ref x, 1, MPI_INT, prev, 0, dup, out _);
            Assert.Equal(2, x);
            cMPI.Recv(ref x, 1, MPI_INT, prev, 0, World, out _);
            Assert.Equal(1, x);
            cMPI.Comm_split(World, rank == 1 ? cMPI.UNDEFINED : 5, 0, out var part);
            if (rank == 1)
            {
                Assert.Same(cMPI.COMM_NULL, part);
                var ex = Assert.Throws<MpiException>(() => cMPI.Barrier(part));
                Assert.Equal(cMPI.ERR_COMM, ex.ErrorClass);
            }
            else
            {
                cMPI.Comm_size(part, out int n);
                Assert.Equal(2, n);
                cMPI.Comm_dup(part, out var dup2); // nested: a fresh context again
                cMPI.Comm_rank(dup2, out int r2);
                Assert.Equal(rank == 0 ? 0 : 1, r2);
                cMPI.Bcast(ref r2, 1, MPI_INT, 1, dup2);
                Assert.Equal(1, r2);
            }
        });
    }

    [Fact]
    public void AlltoallAndIssendAndWaitanyAndTestall()
    {
        MpiRunner.Run(4, rank =>
        {
            int[] send = Enumerable.Range(0, 8).Select(i => 100 * rank + i).ToArray();
            int[] recv = new int[8];
            cMPI.Alltoall(send, 0, 2, MPI_INT, recv, 0, 2, MPI_INT, World);
            for (int r = 0; r < 4; r++) Assert.Equal([100 * r + 2 * rank, 100 * r + 2 * rank + 1], recv[(2 * r)..(2 * r + 2)]);

            if (rank == 0)
            {
                int[] v = [5];
                cMPI.Issend(v, 0, 1, MPI_INT, 1, 3, World, out var req);
                cMPI.Test(ref req, out int flag, out _);
                Assert.Equal(0, flag); // rank 1 only receives after our go
                cMPI.Send(v, 0, 1, MPI_INT, 1, 4, World);
                cMPI.Wait(ref req, out _);
            }
            else if (rank == 1)
            {
                int[] go = new int[1], got = new int[1];
                cMPI.Recv(go, 0, 1, MPI_INT, 0, 4, World, out _);
                cMPI.Recv(got, 0, 1, MPI_INT, 0, 3, World, out _);
                Assert.Equal(5, got[0]);
            }
            else if (rank == 2)
            {
                int[] a = new int[1], b = new int[1];
                cMPI.Irecv(a, 0, 1, MPI_INT, 3, 1, World, out var ra);
                cMPI.Irecv(b, 0, 1, MPI_INT, 3, 2, World, out var rb);
                Request[] reqs = [ra, rb];
                cMPI.Waitany(2, reqs, out int first, out var st);
                Assert.Equal(1, first); // rank 3 sends tag 2 first, then tag 1 after our reply
                Assert.Equal(2, st.MPI_TAG);
                Assert.Equal(22, b[0]);
                cMPI.Testall(2, reqs, out int all, null);
                Assert.Equal(0, all);
                int ok = 1;
                cMPI.Send(ref ok, 1, MPI_INT, 3, 9, World);
                cMPI.Waitany(2, reqs, out first, out _);
                Assert.Equal(0, first);
                Assert.Equal(11, a[0]);
                cMPI.Waitany(2, reqs, out first, out _);
                Assert.Equal(cMPI.UNDEFINED, first);
                cMPI.Testall(2, reqs, out all, null);
                Assert.Equal(1, all);
            }
            else
            {
                int x = 22, y = 11, ok = 0;
                cMPI.Send(ref x, 1, MPI_INT, 2, 2, World);
                cMPI.Recv(ref ok, 1, MPI_INT, 2, 9, World, out _);
                cMPI.Send(ref y, 1, MPI_INT, 2, 1, World);
            }
        });
    }

    [Fact]
    public void IntercommunicatorsCarryPointToPointRefuseScanAndMerge()
    {
        MpiRunner.Run(5, rank =>
        {
            cMPI.Comm_split(World, rank < 2 ? 0 : 1, 0, out var half);
            cMPI.Intercomm_create(half, 0, World, rank < 2 ? 2 : 0, 9, out var inter);
            cMPI.Comm_size(inter, out int size);
            cMPI.Comm_remote_size(inter, out int remoteSize);
            Assert.Equal(rank < 2 ? 2 : 3, size);
            Assert.Equal(rank < 2 ? 3 : 2, remoteSize);
            cMPI.Comm_rank(inter, out int me);
            // ranks name the other group: local rank i of the first group talks to remote rank i of the second
            if (me < 2)
            {
                int mine = rank, got = -1;
                cMPI.Sendrecv(ref mine, 1, MPI_INT, me, 0, ref got, 1, MPI_INT, me, 0, inter, out var st);
                Assert.Equal(rank < 2 ? me + 2 : me, got);
                Assert.Equal(me, st.MPI_SOURCE);
            }
            var bad = Assert.Throws<MpiException>(() => cMPI.Comm_remote_size(half, out _));
            Assert.Equal(cMPI.ERR_COMM, bad.ErrorClass);
            cMPI.Barrier(inter); // (real14: Barrier, Bcast, Reduce, Allgather, Alltoall on intercommunicators too)
            int scanned = 0;
            var refused = Assert.Throws<MpiException>(() => cMPI.Scan(ref rank, ref scanned, 1, MPI_INT, MPI_SUM, inter));
            Assert.Equal(cMPI.ERR_COMM, refused.ErrorClass);
            var tooFar = Assert.Throws<MpiException>(() => cMPI.Send(ref rank, 1, MPI_INT, remoteSize, 0, inter));
            Assert.Equal(cMPI.ERR_RANK, tooFar.ErrorClass);
            // the second group asks to come first
            cMPI.Intercomm_merge(inter, rank < 2 ? 1 : 0, out var merged);
            cMPI.Comm_rank(merged, out int mergedRank);
            Assert.Equal(rank < 2 ? 3 + rank : rank - 2, mergedRank);
            int one = 1, total = 0;
            cMPI.Allreduce(ref one, ref total, 1, MPI_INT, MPI_SUM, merged);
            Assert.Equal(5, total);
        });
    }
}
