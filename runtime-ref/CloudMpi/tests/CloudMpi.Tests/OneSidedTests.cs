using CloudMpi.Libc;
using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

public class OneSidedTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [Theory]
    [MemberData(nameof(MpiRunner.SizeData), MemberType = typeof(MpiRunner))]
    public void FencePutGetAccumulate(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            var mem = new double[size + 1];
            cMPI.Win_create(mem, 0, 8L * mem.Length, 8, cMPI.INFO_NULL, World, out var win);
            cMPI.Win_fence(0, win);
            double me = rank;
            for (int t = 0; t < size; t++) cMPI.Put(ref me, 1, MPI_DOUBLE, t, rank, 1, MPI_DOUBLE, win);
            double one = 1;
            cMPI.Accumulate(ref one, 1, MPI_DOUBLE, 0, size, 1, MPI_DOUBLE, MPI_SUM, win);
            cMPI.Win_fence(0, win);
            for (int r = 0; r < size; r++) Assert.Equal(r, mem[r]);
            if (rank == 0) Assert.Equal(size, mem[size]);
            var got = new double[size];
            cMPI.Get(got, 0, size, MPI_DOUBLE, (rank + 1) % size, 0, size, MPI_DOUBLE, win);
            cMPI.Win_fence(0, win);
            Assert.Equal(Enumerable.Range(0, size).Select(r => (double)r), got);
            var ex = Assert.Throws<MpiException>(() => cMPI.Put(ref me, 1, MPI_DOUBLE, 0, size + 1, 1, MPI_DOUBLE, win));
            Assert.Equal(cMPI.ERR_RMA_RANGE, ex.ErrorClass);
            cMPI.Win_free(ref win);
            Assert.Same(cMPI.WIN_NULL, win);
        });
    }

    [Fact]
    public void ExclusiveLocksSerialiseReadModifyWrite()
    {
        const int rounds = 50;
        MpiRunner.Run(4, rank =>
        {
            cMPI.Win_allocate(8, 8, cMPI.INFO_NULL, World, out long[] counter, out var win);
            for (int i = 0; i < rounds; i++)
            {
                cMPI.Win_lock(cMPI.LOCK_EXCLUSIVE, 0, 0, win);
                long v = 0;
                cMPI.Get(ref v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win);
                v++;
                cMPI.Put(ref v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win);
                cMPI.Win_unlock(0, win);
            }
            cMPI.Barrier(World);
            if (rank == 0) Assert.Equal(4L * rounds, counter[0]);
            cMPI.Win_free(ref win);
        });
    }
    [Fact]
    public void WindowsOverAViewExposeTheBytesItReads()
    {
        // OSU's atomic benchmarks: a `uint64_t *` aligned into a `char` pool is a view of the pool's bytes; the
        // window (created, attached, or given to MPI_Win_allocate's baseptr) works on those bytes in place
        MpiRunner.Run(2, rank =>
        {
            var pool = new sbyte[256];
            Ptr<ulong> buf = Ptr.Reinterpret<sbyte, ulong>(new Ptr<sbyte>(pool, 64));
            int peer = 1 - rank;
            cMPI.Win_create(buf, 32, 1, cMPI.INFO_NULL, World, out var win);
            ulong mine = 10UL + (ulong)rank, old = 0;
            cMPI.Win_lock(cMPI.LOCK_EXCLUSIVE, peer, 0, win);
            cMPI.Fetch_and_op(ref mine, ref old, MPI_UNSIGNED_LONG, peer, 8, MPI_SUM, win);
            cMPI.Win_unlock(peer, win);
            cMPI.Barrier(World);
            Assert.Equal(10UL + (ulong)peer, buf[1]);
            Assert.Equal(10UL + (ulong)peer, BitConverter.ToUInt64((byte[])(Array)pool, 64 + 8));
            cMPI.Win_free(ref win);

            cMPI.Win_create_dynamic(cMPI.INFO_NULL, World, out win);
            cMPI.Win_attach(win, buf + 2, 16);
            cMPI.Get_address(buf + 2, out long address);
            cMPI.Get_address(new Ptr<sbyte>(pool, 64 + 16), out long same);
            Assert.Equal(same, address);
            long[] addresses = new long[2];
            cMPI.Allgather(ref address, 1, MPI_LONG, addresses, 0, 1, MPI_LONG, World);
            cMPI.Win_lock(cMPI.LOCK_EXCLUSIVE, peer, 0, win);
            cMPI.Put(ref mine, 1, MPI_UNSIGNED_LONG, peer, addresses[peer] + 8, 1, MPI_UNSIGNED_LONG, win);
            cMPI.Win_unlock(peer, win);
            cMPI.Barrier(World);
            Assert.Equal(10UL + (ulong)peer, buf[3]);
            cMPI.Win_detach(win, buf + 2);
            cMPI.Win_free(ref win);

            cMPI.Win_allocate(8, 1, cMPI.INFO_NULL, World, buf, out win);
            Assert.NotEqual(0UL, buf[0]);                    // the new memory's address, where baseptr points
            cMPI.Win_free(ref win);
        });
    }
}
