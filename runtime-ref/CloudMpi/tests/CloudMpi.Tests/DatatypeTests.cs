using System.Runtime.InteropServices;
using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

/// <summary>Derived datatypes: typemaps, extents, p2p and collectives through them, Pack/Unpack.</summary>
public class DatatypeTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [StructLayout(LayoutKind.Sequential)]
    private struct Particle
    {
        public double X, Y;
        public int Id;
        public char Tag; // 2 bytes, then 2 bytes of padding: sizeof = 24
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct DoubleInt
    {
        public double Value;
        public int Index;
    }

    /// <summary>Runs a call that must fail with <paramref name="errorClass"/> (AddressTests too).</summary>
    internal static MpiException Throws(Action a, int errorClass)
    {
        var ex = Assert.Throws<MpiException>(a);
        Assert.Equal(errorClass, ex.ErrorClass);
        return ex;
    }

    [Fact]
    public void GetElementsCountsBasicElementsOfPartialReceives()
    {
        MpiRunner.Run(2, rank =>
        {
            cMPI.Type_vector(2, 1, 2, MPI_DOUBLE, out var vec);
            cMPI.Type_create_struct(3, [1, 1, 1], [0L, 8L, 16L], [MPI_INT, MPI_DOUBLE, MPI_INT], out var rec);
            cMPI.Type_contiguous(2, MPI_2INT, out var pairs);
            foreach (var t in new[] { vec, rec, pairs }) { var c = t; cMPI.Type_commit(ref c); }
            var d = new double[8];
            var b = new byte[64];
            if (rank == 0)
            {
                cMPI.Send(d, 0, 3, MPI_DOUBLE, 1, 1, World);        // 1.5 vectors
                cMPI.Send(b, 0, 16 + 4 + 8, MPI_BYTE, 1, 2, World);  // a record (16 bytes of data), then int and double
                cMPI.Send(b, 0, 16 + 6, MPI_BYTE, 1, 3, World);      // a record and 6 bytes: ends inside the double
                cMPI.Send(b, 0, 7 * 4, MPI_BYTE, 1, 4, World);       // 7 ints
                return;
            }
            int Elements(Datatype t, Status st)
            {
                cMPI.Get_elements(ref st, t, out int n);
                return n;
            }
            cMPI.Recv(d, 0, 2, vec, 0, 1, World, out var s1);
            cMPI.Get_count(s1, vec, out int count);
            Assert.Equal(cMPI.UNDEFINED, count);
            Assert.Equal(3, Elements(vec, s1));
            cMPI.Recv(b, 0, 2, rec, 0, 2, World, out var s2);
            Assert.Equal(5, Elements(rec, s2));
            cMPI.Recv(b, 0, 2, rec, 0, 3, World, out var s3);
            Assert.Equal(cMPI.UNDEFINED, Elements(rec, s3));
            cMPI.Recv(new int[16], 0, 2, pairs, 0, 4, World, out var s4);
            Assert.Equal(7, Elements(pairs, s4));          // pairs inside a derived type count as two
            Assert.Equal(cMPI.UNDEFINED, Elements(MPI_2INT, s4)); // a predefined pair is one element
            Assert.Equal(7, Elements(MPI_INT, s4));
        });
    }

    [Fact]
    public void TypeDupKeepsTheTypemapAndIsCommittedLikeItsOriginal()
    {
        MpiRunner.Run(2, rank =>
        {
            cMPI.Type_vector(3, 1, 2, MPI_INT, out var every2nd);
            cMPI.Type_dup(every2nd, out var uncommitted);
            // A duplicate of an uncommitted type is uncommitted (MPI-3.1 4.1.10): communication with it is an error.
            Assert.Equal(cMPI.ERR_TYPE, Assert.Throws<MpiException>(() => cMPI.Send(new int[6], 0, 1, uncommitted, 1 - rank, 0, World)).ErrorClass);
            cMPI.Type_commit(ref every2nd);
            cMPI.Type_dup(every2nd, out var dup);
            cMPI.Type_size(dup, out int size);
            cMPI.Type_get_extent(dup, out long lb, out long extent);
            Assert.Equal((12, 0L, 20L), (size, lb, extent));
            int[] data = [.. Enumerable.Range(10 * rank, 6)], got = Enumerable.Repeat(-1, 6).ToArray();
            cMPI.Sendrecv(data, 0, 1, dup, 1 - rank, 0, got, 0, 1, every2nd, 1 - rank, 0, World, out _);
            int o = 10 * (1 - rank);
            Assert.Equal([o, -1, o + 2, -1, o + 4, -1], got);
            cMPI.Type_free(ref dup);
            cMPI.Type_free(ref uncommitted);
            cMPI.Type_free(ref every2nd);
        });
    }

    [Fact]
    public void SizesAndExtents()
    {
        MpiRunner.Run(1, _ =>
        {
            cMPI.Type_vector(3, 2, 5, MPI_DOUBLE, out var vec);
            cMPI.Type_size(vec, out int size);
            cMPI.Type_get_extent(vec, out long lb, out long extent);
            Assert.Equal((48, 0L, 96L), (size, lb, extent)); // 3 blocks of 2 doubles; last block ends at (2*5+2)*8
            cMPI.Type_create_resized(vec, -8, 200, out var resized);
            cMPI.Type_get_extent(resized, out lb, out extent);
            Assert.Equal((-8L, 200L), (lb, extent));
            cMPI.Type_get_true_extent(resized, out long tlb, out long textent);
            Assert.Equal((0L, 96L), (tlb, textent));
            cMPI.Type_create_subarray(2, [4, 6], [2, 3], [1, 2], cMPI.ORDER_C, MPI_INT, out var sub);
            cMPI.Type_size(sub, out size);
            cMPI.Type_get_extent(sub, out lb, out extent);
            Assert.Equal((24, 0L, 96L), (size, lb, extent));
            Assert.Equal((12, 16L), (MPI_DOUBLE_INT.Size, MPI_DOUBLE_INT.Extent)); // {double; int}: 12 bytes of data, extent 16
            Assert.Equal((8, 8L), (MPI_2INT.Size, MPI_2INT.Extent));
            Assert.Equal((6, 8L), (MPI_SHORT_INT.Size, MPI_SHORT_INT.Extent));
            // Open MPI pads constructed extents to the largest alignment inside (measured with mpicc):
            cMPI.Type_create_struct(2, [1, 1], [0, 8], [MPI_DOUBLE, MPI_INT], out var st);
            cMPI.Type_get_extent(st, out lb, out extent);
            Assert.Equal((0L, 16L), (lb, extent));
            cMPI.Type_create_struct(2, [1, 1], [4, 8], [MPI_INT, MPI_DOUBLE], out st);
            cMPI.Type_get_extent(st, out lb, out extent);
            Assert.Equal((4L, 16L), (lb, extent));
            cMPI.Type_create_struct(2, [1, 1], [0, 2], [MPI_SHORT, MPI_CHAR], out st);
            cMPI.Type_get_extent(st, out lb, out extent);
            Assert.Equal((0L, 4L), (lb, extent));
            cMPI.Type_create_hindexed(2, [1, 1], [0, 12], MPI_DOUBLE, out st);
            cMPI.Type_get_extent(st, out lb, out extent);
            Assert.Equal((0L, 24L), (lb, extent));
        });
    }

    [Fact]
    public void VectorColumnTravelsPointToPoint()
    {
        MpiRunner.Run(2, rank =>
        {
            // A 4x5 row-major matrix; send column 1 as one vector element, receive it as 4 contiguous doubles.
            cMPI.Type_vector(4, 1, 5, MPI_DOUBLE, out var column);
            cMPI.Type_commit(ref column);
            if (rank == 0)
            {
                var m = new double[20];
                for (int i = 0; i < 20; i++) m[i] = i;
                cMPI.Send(m, 1, 1, column, 1, 7, World);
                cMPI.Recv(m, 2, 1, column, 1, 8, World, out var st);
                cMPI.Get_count(st, column, out int n);
                Assert.Equal(1, n);
                for (int i = 0; i < 20; i++) Assert.Equal(i % 5 == 2 ? -(i / 5) - 1 : i, m[i]);
            }
            else
            {
                var col = new double[4];
                cMPI.Recv(col, 0, 4, MPI_DOUBLE, 0, 7, World, out _);
                Assert.Equal([1.0, 6, 11, 16], col);
                cMPI.Send(new double[] { -1, -2, -3, -4 }, 0, 4, MPI_DOUBLE, 0, 8, World);
            }
            cMPI.Type_free(ref column);
            Assert.Same(MPI_DATATYPE_NULL, column);
        });
    }

    [Fact]
    public void StructTypeAndStructAsBytes()
    {
        MpiRunner.Run(3, rank =>
        {
            int[] blocklens = [2, 1, 1];
            long[] displs = [0, 16, 20];
            cMPI.Type_create_struct(3, blocklens, displs, [MPI_DOUBLE, MPI_INT, MPI_SHORT], out var raw);
            cMPI.Type_create_resized(raw, 0, Marshal.SizeOf<Particle>(), out var ptype);
            cMPI.Type_commit(ref ptype);
            var ps = new Particle[3];
            if (rank == 0)
                for (int i = 0; i < 3; i++) ps[i] = new Particle { X = i + 0.5, Y = -i, Id = 10 + i, Tag = (char)('a' + i) };
            cMPI.Bcast(ps, 0, 3, ptype, 0, World);
            Assert.Equal(11, ps[1].Id);
            Assert.Equal('c', ps[2].Tag);
            Assert.Equal(2.5, ps[2].X);
            // Scatter one particle to each rank, then gather them back reversed through a struct scalar.
            var mine = new Particle();
            cMPI.Scatter(ps, 0, 1, ptype, ref mine, 1, ptype, 0, World);
            Assert.Equal(10 + rank, mine.Id);
            // A struct sent as sizeof(s) MPI_BYTEs.
            var copy = new Particle();
            int next = (rank + 1) % 3, prev = (rank + 2) % 3;
            cMPI.Sendrecv(ref mine, Marshal.SizeOf<Particle>(), MPI_BYTE, next, 1, ref copy, Marshal.SizeOf<Particle>(), MPI_BYTE, prev, 1, World, out _);
            Assert.Equal(10 + prev, copy.Id);
            Assert.Equal((char)('a' + prev), copy.Tag);
        });
    }

    [Fact]
    public void IndexedAndSubarrayInCollectives()
    {
        MpiRunner.Run(4, rank =>
        {
            // Each rank contributes the interior 2x2 of its 4x4 block; rank 0 gathers them contiguously.
            cMPI.Type_create_subarray(2, [4, 4], [2, 2], [1, 1], cMPI.ORDER_C, MPI_INT, out var interior);
            cMPI.Type_commit(ref interior);
            var block = new int[16];
            for (int i = 0; i < 16; i++) block[i] = rank * 100 + i;
            var all = new int[16];
            cMPI.Gather(block, 0, 1, interior, all, 0, 4, MPI_INT, 0, World);
            if (rank == 0)
                for (int r = 0; r < 4; r++)
                    Assert.Equal([r * 100 + 5, r * 100 + 6, r * 100 + 9, r * 100 + 10], all[(r * 4)..(r * 4 + 4)]);
            // Indexed: elements {0, 3, 4} (blocks of 1, 2 at 0, 3) of rank 0 broadcast into the same positions.
            cMPI.Type_indexed(2, [1, 2], [0, 3], MPI_INT, out var idx);
            cMPI.Type_commit(ref idx);
            int[] v = rank == 0 ? [1, -1, -1, 10, 100, -1] : [7, 7, 7, 7, 7, 7];
            cMPI.Bcast(v, 0, 1, idx, 0, World);
            Assert.Equal(rank == 0 ? [1, -1, -1, 10, 100, -1] : [1, 7, 7, 10, 100, 7], v); // holes keep what they held
        });
    }

    [Fact]
    public void HvectorIndexedBlockAndHindexed()
    {
        MpiRunner.Run(2, rank =>
        {
            cMPI.Type_create_hvector(3, 1, 12, MPI_INT, out var hv);           // ints 0, 3, 6
            cMPI.Type_create_indexed_block(2, 2, [1, 5], MPI_INT, out var ib);  // ints 1, 2, 5, 6
            cMPI.Type_create_hindexed(2, [1, 1], [28, 4], MPI_INT, out var hi); // ints 7, 1 in that order
            foreach (var t in new[] { hv, ib, hi }) { var c = t; cMPI.Type_commit(ref c); }
            var src = Enumerable.Range(0, 8).ToArray();
            if (rank == 0)
            {
                cMPI.Send(src, 0, 1, hv, 1, 0, World);
                cMPI.Send(src, 0, 1, ib, 1, 1, World);
                cMPI.Send(src, 0, 1, hi, 1, 2, World);
            }
            else
            {
                var got = new int[4];
                cMPI.Recv(got, 0, 3, MPI_INT, 0, 0, World, out _);
                Assert.Equal([0, 3, 6, 0], got);
                cMPI.Recv(got, 0, 4, MPI_INT, 0, 1, World, out _);
                Assert.Equal([1, 2, 5, 6], got);
                cMPI.Recv(got, 0, 2, MPI_INT, 0, 2, World, out var st);
                Assert.Equal([7, 1], got[..2]);
                cMPI.Get_count(st, hv, out int n);
                Assert.Equal(cMPI.UNDEFINED, n); // 8 bytes are not a whole number of 12-byte elements
            }
        });
    }

    [Fact]
    public void PackUnpackRoundTrip()
    {
        MpiRunner.Run(2, rank =>
        {
            cMPI.Pack_size(3, MPI_INT, World, out int isz);
            cMPI.Pack_size(2, MPI_DOUBLE, World, out int dsz);
            Assert.Equal((12, 16), (isz, dsz));
            var buffer = new sbyte[64];
            int position = 0;
            if (rank == 0)
            {
                int n = 3;
                cMPI.Pack(ref n, 1, MPI_INT, buffer, 0, 64, ref position, World);
                cMPI.Pack(new double[] { 1.5, 2.5, 3.5 }, 0, 3, MPI_DOUBLE, buffer, 0, 64, ref position, World);
                Assert.Equal(28, position);
                cMPI.Send(buffer, 0, position, MPI_PACKED, 1, 0, World);
                Throws(() => { int p = 60; cMPI.Pack(new int[2], 0, 2, MPI_INT, buffer, 0, 64, ref p, World); }, cMPI.ERR_TRUNCATE);
            }
            else
            {
                cMPI.Recv(buffer, 0, 64, MPI_PACKED, 0, 0, World, out var st);
                cMPI.Get_count(st, MPI_PACKED, out int bytes);
                int n = 0;
                cMPI.Unpack(buffer, 0, bytes, ref position, ref n, 1, MPI_INT, World);
                var d = new double[3];
                cMPI.Unpack(buffer, 0, bytes, ref position, d, 0, n, MPI_DOUBLE, World);
                Assert.Equal([1.5, 2.5, 3.5], d);
                Assert.Equal(28, position);
            }
        });
    }

    [Fact]
    public void MisuseFailsLoudly()
    {
        MpiRunner.Run(1, _ =>
        {
            cMPI.Type_contiguous(2, MPI_INT, out var pair);
            var a = new int[8];
            Throws(() => cMPI.Send(a, 0, 1, pair, 0, 0, World), cMPI.ERR_TYPE);                  // not committed
            cMPI.Type_commit(ref pair);
            Throws(() => cMPI.Send(a, 0, 5, pair, 0, 0, World), cMPI.ERR_BUFFER);                // 10 ints in 8
            var keep = pair;
            cMPI.Type_free(ref pair);
            Throws(() => cMPI.Send(a, 0, 1, keep, 0, 0, World), cMPI.ERR_TYPE);                 // freed
            var dt = MPI_INT;
            Throws(() => cMPI.Type_free(ref dt), cMPI.ERR_TYPE);                                  // predefined
            Throws(() => cMPI.Allreduce(new DoubleInt[1], 0, new DoubleInt[1], 0, 1, MPI_DOUBLE_INT, MPI_SUM, World), cMPI.ERR_OP);
            Throws(() => cMPI.Allreduce(a, 0, a, 4, 1, MPI_INT, MPI_MAXLOC, World), cMPI.ERR_OP);
        });
    }

    [Fact]
    public void DerivedTypesTakeUserOpsOnly()
    {
        MpiRunner.Run(3, rank =>
        {
            // Open MPI: "MPI_SUM is not defined for non-intrinsic datatypes"; a user op sees the layout.
            cMPI.Type_vector(2, 1, 2, MPI_DOUBLE, out var every2);
            cMPI.Type_commit(ref every2);
            double[] mine = [rank, -1, rank * 0.5, -1, 1, -1, 2, -1];
            var sum = new double[8];
            Throws(() => cMPI.Allreduce(mine, 0, sum, 0, 2, every2, MPI_SUM, World), cMPI.ERR_OP);
            cMPI.Op_create<double>(AddLayout, 1, out var add);
            cMPI.Allreduce(mine, 0, sum, 0, 2, every2, add, World);
            // Elements at doubles 0 and 3 (extent 3 doubles), each covering offsets +0 and +2; holes stay 0.
            Assert.Equal([3.0, 0, 1.5, -3, 0, -3, 0, 0], sum);
        });
    }

    /// <summary>Adds what a vector(2, 1, 2) of doubles covers: offsets +0 and +2 of each element, elements one extent apart.</summary>
    private static void AddLayout(double[] invec, double[] inoutvec, ref int len, Datatype[] dt)
    {
        cMPI.Type_get_extent(dt[0], out _, out long extent);
        for (int i = 0; i < len; i++)
        {
            int at = (int)(i * extent / sizeof(double));
            inoutvec[at] += invec[at];
            inoutvec[at + 2] += invec[at + 2];
        }
    }
}
