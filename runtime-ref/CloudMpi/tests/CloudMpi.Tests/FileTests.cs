using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

/// <summary>MPI-IO (cMPI.File.cs, cMPI.FileData.cs): the ranks of one job share a file in a fresh directory.</summary>
public class FileTests : IDisposable
{
    private static readonly Comm World = cMPI.COMM_WORLD;
    private readonly string dir = Directory.CreateTempSubdirectory("cmpi-file-tests-").FullName;

    public void Dispose() => Directory.Delete(dir, recursive: true);

    [Theory]
    [MemberData(nameof(MpiRunner.SizeData), MemberType = typeof(MpiRunner))]
    public void BlocksWrittenAtOffsetsReadBackAfterReopening(int size)
    {
        string path = Path.Combine(dir, "blocks.dat");
        MpiRunner.Run(size, rank =>
        {
            Assert.Equal(cMPI.SUCCESS, cMPI.File_open(World, path, cMPI.MODE_CREATE | cMPI.MODE_WRONLY, cMPI.INFO_NULL, out var fh));
            var block = new long[] { rank, rank * 10L, rank * 100L };
            Assert.Equal(cMPI.SUCCESS, cMPI.File_write_at_all(fh, rank * 24L, block, 0, 3, MPI_LONG, out var st));
            cMPI.Get_count(st, MPI_LONG, out int written);
            Assert.Equal(3, written);
            Assert.Equal(cMPI.SUCCESS, cMPI.File_close(ref fh));
            Assert.Same(cMPI.FILE_NULL, fh);

            cMPI.File_open(World, path, cMPI.MODE_RDONLY, cMPI.INFO_NULL, out fh);
            cMPI.File_get_size(fh, out long bytes);
            Assert.Equal(24L * size, bytes);
            var all = new long[3 * size + 2];
            cMPI.File_read_at(fh, 0, all, 0, all.Length, MPI_LONG, out st);
            cMPI.Get_count(st, MPI_LONG, out int read);
            Assert.Equal(3 * size, read); // the file ends before the buffer does
            for (int r = 0; r < size; r++) Assert.Equal(new[] { r, r * 10L, r * 100L }, all[(3 * r)..(3 * r + 3)]);
            cMPI.File_close(ref fh);
        });
    }

    [Theory]
    [MemberData(nameof(MpiRunner.SizeData), MemberType = typeof(MpiRunner))]
    public void IndependentSharedWritesTakeDisjointPlaces(int size)
    {
        const int each = 25;
        string path = Path.Combine(dir, "shared.dat");
        MpiRunner.Run(size, rank =>
        {
            cMPI.File_open(World, path, cMPI.MODE_CREATE | cMPI.MODE_RDWR, cMPI.INFO_NULL, out var fh);
            cMPI.File_set_view(fh, 0, MPI_LONG, MPI_LONG, "native", cMPI.INFO_NULL);
            for (int i = 0; i < each; i++)
            {
                long value = rank * 1000L + i;
                var block = new[] { value, -value }; // one access: the pair stays together
                if (i % 2 == 0) Assert.Equal(cMPI.SUCCESS, cMPI.File_write_shared(fh, block, 0, 2, MPI_LONG, out _));
                else
                {
                    Assert.Equal(cMPI.SUCCESS, cMPI.File_iwrite_shared(fh, block, 0, 2, MPI_LONG, out var rq));
                    cMPI.Wait(ref rq, out var st);
                    cMPI.Get_count(st, MPI_LONG, out int n);
                    Assert.Equal(2, n);
                }
            }
            cMPI.Barrier(World);
            cMPI.File_get_position_shared(fh, out long pos);
            Assert.Equal(2L * each * size, pos);
            var all = new long[2 * each * size];
            cMPI.File_read_at(fh, 0, all, 0, all.Length, MPI_LONG, out _);
            var firsts = Enumerable.Range(0, each * size).Select(k => all[2 * k]).OrderBy(v => v).ToArray();
            Assert.Equal(Enumerable.Range(0, size).SelectMany(r => Enumerable.Range(0, each).Select(i => r * 1000L + i)), firsts);
            for (int k = 0; k < each * size; k++) Assert.Equal(-all[2 * k], all[2 * k + 1]);
            cMPI.File_seek_shared(fh, 0, cMPI.SEEK_SET);
            var mine = new long[2];
            cMPI.File_write_ordered(fh, new[] { (long)rank, rank + 0L }, 0, 2, MPI_LONG, out _);
            cMPI.File_read_at(fh, 2 * rank, mine, 0, 2, MPI_LONG, out _);
            Assert.Equal(new[] { (long)rank, rank }, mine);
            cMPI.File_close(ref fh);
        });
    }

    [Fact]
    public void AStridedFiletypeInterleavesTheRanks()
    {
        const int n = 4, size = 3;
        string path = Path.Combine(dir, "strided.dat");
        MpiRunner.Run(size, rank =>
        {
            cMPI.File_open(World, path, cMPI.MODE_CREATE | cMPI.MODE_RDWR, cMPI.INFO_NULL, out var fh);
            cMPI.Type_vector(n, 1, size, MPI_INT, out var strided);
            cMPI.Type_commit(ref strided);
            Assert.Equal(cMPI.SUCCESS, cMPI.File_set_view(fh, 4L * rank, MPI_INT, strided, "native", cMPI.INFO_NULL));
            var mine = Enumerable.Range(0, n).Select(i => 100 * rank + i).ToArray();
            cMPI.File_write_all(fh, mine, 0, n, MPI_INT, out _);
            cMPI.File_get_position(fh, out long pos);
            Assert.Equal(n, pos);
            cMPI.Barrier(World);
            cMPI.File_set_view(fh, 0, MPI_INT, MPI_INT, "native", cMPI.INFO_NULL);
            var whole = new int[n * size];
            cMPI.File_read_at(fh, 0, whole, 0, whole.Length, MPI_INT, out _);
            for (int k = 0; k < whole.Length; k++) Assert.Equal(100 * (k % size) + k / size, whole[k]);
            cMPI.File_close(ref fh);
        });
    }

    [Fact]
    public void SeekPositionsAndSizeCountEtypesOfTheView()
    {
        string path = Path.Combine(dir, "seek.dat");
        MpiRunner.Run(1, rank =>
        {
            cMPI.File_open(cMPI.COMM_SELF, path, cMPI.MODE_CREATE | cMPI.MODE_RDWR | cMPI.MODE_DELETE_ON_CLOSE, cMPI.INFO_NULL, out var fh);
            cMPI.File_set_view(fh, 8, MPI_DOUBLE, MPI_DOUBLE, "native", cMPI.INFO_NULL);
            var xs = new[] { 1.5, 2.5, 3.5, 4.5 };
            cMPI.File_write(fh, xs, 0, 4, MPI_DOUBLE, out _);
            cMPI.File_get_size(fh, out long bytes);
            Assert.Equal(8 + 32, bytes);
            cMPI.File_seek(fh, -1, cMPI.SEEK_END);
            double last = 0;
            cMPI.File_read(fh, ref last, 1, MPI_DOUBLE, out _);
            Assert.Equal(4.5, last);
            cMPI.File_seek(fh, 1, cMPI.SEEK_SET);
            cMPI.File_seek(fh, 1, cMPI.SEEK_CUR);
            cMPI.File_get_position(fh, out long pos);
            Assert.Equal(2, pos);
            Assert.Equal(cMPI.SUCCESS, cMPI.File_set_size(fh, 8 + 16));
            cMPI.File_seek(fh, 0, cMPI.SEEK_END);
            cMPI.File_get_position(fh, out pos);
            Assert.Equal(2, pos);
            Assert.Equal(cMPI.ERR_ARG, cMPI.File_seek(fh, -5, cMPI.SEEK_CUR));
            cMPI.File_close(ref fh);
            Assert.False(File.Exists(path)); // MPI_MODE_DELETE_ON_CLOSE
        });
    }

    [Fact]
    public void ErrorsAreReturnedWithOpenMpisClasses()
    {
        string path = Path.Combine(dir, "errors.dat");
        MpiRunner.Run(2, rank =>
        {
            Assert.Equal(cMPI.ERR_NO_SUCH_FILE, cMPI.File_open(World, path, cMPI.MODE_RDONLY, cMPI.INFO_NULL, out var fh));
            Assert.Same(cMPI.FILE_NULL, fh);
            Assert.Equal(cMPI.ERR_AMODE, cMPI.File_open(World, path, cMPI.MODE_RDONLY | cMPI.MODE_CREATE, cMPI.INFO_NULL, out _));
            Assert.Equal(cMPI.SUCCESS, cMPI.File_open(World, path, cMPI.MODE_CREATE | cMPI.MODE_EXCL | cMPI.MODE_RDWR, cMPI.INFO_NULL, out fh));
            cMPI.File_close(ref fh);
            Assert.Equal(cMPI.ERR_FILE_EXISTS, cMPI.File_open(World, path, cMPI.MODE_CREATE | cMPI.MODE_EXCL | cMPI.MODE_RDWR, cMPI.INFO_NULL, out _));
            cMPI.File_open(World, path, cMPI.MODE_RDONLY, cMPI.INFO_NULL, out fh);
            int x = 1;
            Assert.Equal(cMPI.ERR_READ_ONLY, cMPI.File_write(fh, ref x, 1, MPI_INT, out _));
            Assert.Equal(cMPI.ERR_UNSUPPORTED_DATAREP, cMPI.File_set_view(fh, 0, MPI_INT, MPI_INT, "external32", cMPI.INFO_NULL));
            // A filetype whose blocks go backwards in the file is refused, not read out of order.
            cMPI.Type_indexed(2, [1, 1], [1, 0], MPI_INT, out var backwards);
            cMPI.Type_commit(ref backwards);
            Assert.Equal(cMPI.ERR_TYPE, cMPI.File_set_view(fh, 0, MPI_INT, backwards, "native", cMPI.INFO_NULL));
            cMPI.File_close(ref fh);
            Assert.Equal(cMPI.ERR_FILE, cMPI.File_get_size(fh, out _));
            cMPI.Barrier(World);
            if (rank == 0)
            {
                Assert.Equal(cMPI.SUCCESS, cMPI.File_delete(path, cMPI.INFO_NULL));
                Assert.Equal(cMPI.ERR_NO_SUCH_FILE, cMPI.File_delete(path, cMPI.INFO_NULL));
            }
        });
    }
}
