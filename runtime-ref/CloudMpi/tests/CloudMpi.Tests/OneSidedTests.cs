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
}
