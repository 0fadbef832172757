using CloudMpi.Libc;
using System.Runtime.InteropServices;
using static CloudMpi.Datatype;
using static CloudMpi.Tests.DatatypeTests;

namespace CloudMpi.Tests;

/// <summary>MPI_Get_address, datatypes over several variables, MPI_BOTTOM (Core/Addresses.cs).</summary>
public class AddressTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [StructLayout(LayoutKind.Sequential)]
    private struct Body
    {
        public int Id;
        public double Mass;
        public byte Tag;
    }

    [Fact]
    public void AFieldPointerAsAnIntegerIsItsStructsAddressPlusTheFieldsOffset()
    {
        MpiRunner.Run(1, _ =>
        {
            // (size_t)&b[2].mass - (size_t)&b[0], (MPI_Aint)&b[2].tag: as MPI_Get_address gives them
            var bodies = new Body[3];
            long start = cMPI.AddressOf(bodies);
            long mass = cMPI.AddressOf(Ptr.ToField(new Ptr<Body>(bodies, 2), static ref double (ref Body b) => ref b.Mass));
            Assert.Equal(2 * 24 + 8, mass - start);
            cMPI.Get_address(bodies, ref bodies[2].Tag, out long tag);
            Assert.Equal(tag, cMPI.AddressOf(Ptr.ToField(new Ptr<Body>(bodies, 2), static ref byte (ref Body b) => ref b.Tag)));
        });
    }

    [Fact]
    public void AddressesInOneArrayDifferByCsByteDistances()
    {
        MpiRunner.Run(1, _ =>
        {
            var bodies = new Body[4];
            cMPI.Get_address(bodies, 0, out long start);
            cMPI.Get_address(bodies, 3, out long third);
            cMPI.Get_address(bodies, ref bodies[2].Tag, out long tag);
            cMPI.Get_address(bodies, ref bodies[2].Tag, out long again);
            Assert.Equal(3 * Marshal.SizeOf<Body>(), third - start);
            Assert.Equal(2 * Marshal.SizeOf<Body>() + (long)Marshal.OffsetOf<Body>(nameof(Body.Tag)), tag - start);
            Assert.Equal(tag, again);
            // other arrays lie in other regions, far apart; NULL is address 0 (MPI_BOTTOM)
            cMPI.Get_address(new double[2], 1, out long other);
            Assert.True(Math.Abs(other - start) >= 1L << 36);
            cMPI.Get_address((int[]?)null, 0, out long none);
            Assert.Equal(0, none);
            var elsewhere = new Body[1];
            Throws(() => cMPI.Get_address(bodies, ref elsewhere[0].Id, out long _), cMPI.ERR_ARG);
        });
    }

    [Fact]
    public void ATypeOverSeparateArraysTravelsFromItsFirstArrayAndFromBottom()
    {
        MpiRunner.Run(3, rank =>
        {
            var a = new double[1];
            var n = new int[1];
            var tail = new long[3];
            cMPI.Get_address(a, 0, out long aAt);
            cMPI.Get_address(n, 0, out long nAt);
            cMPI.Get_address(tail, 1, out long tailAt);
            // relative to a (Pacheco's Build_mpi_type)
            cMPI.Type_create_struct(3, [1, 1, 2], [0, nAt - aAt, tailAt - aAt], [MPI_DOUBLE, MPI_INT, MPI_LONG], out var relative);
            cMPI.Type_commit(ref relative);
            if (rank == 0) { a[0] = 2.5; n[0] = 7; tail[1] = 11; tail[2] = 12; }
            cMPI.Bcast(a, 0, 1, relative, 0, World);
            Assert.Equal((2.5, 7, 0L, 11L, 12L), (a[0], n[0], tail[0], tail[1], tail[2]));
            // absolute, from MPI_BOTTOM: a ring through both arrays
            cMPI.Type_create_struct(2, [1, 1], [nAt, aAt], [MPI_INT, MPI_DOUBLE], out var absolute);
            cMPI.Type_commit(ref absolute);
            n[0] = rank;
            a[0] = rank + 0.5;
            cMPI.Sendrecv_replace(cMPI.BOTTOM, 0, 1, absolute, (rank + 1) % 3, 0, (rank + 2) % 3, 0, World, out var status);
            Assert.Equal((rank + 2) % 3, n[0]);
            Assert.Equal((rank + 2) % 3 + 0.5, a[0]);
            cMPI.Get_count(status, absolute, out int count);
            Assert.Equal(1, count);
            cMPI.Type_free(ref relative);
            cMPI.Type_free(ref absolute);
        });
    }

    [Fact]
    public void AddressesOutsideEveryVariableAreErrors()
    {
        MpiRunner.Run(1, _ =>
        {
            var x = new int[2];
            cMPI.Get_address(x, 0, out long xAt);
            // MPI_BOTTOM with a plain type: address 0 is no variable's
            // (sends to the rank itself: the buffer is checked before a message leaves; a send to MPI_PROC_NULL
            // touches no buffer, so it checks none, as Open MPI)
            var e = Throws(() => cMPI.Send(cMPI.BOTTOM, 0, 1, MPI_INT, 0, 0, World), cMPI.ERR_BUFFER);
            Assert.Contains("not inside any variable", e.Message);
            // past the end of the variable at the address
            cMPI.Type_create_struct(1, [3], [xAt], [MPI_INT], out var tooLong);
            cMPI.Type_commit(ref tooLong);
            e = Throws(() => cMPI.Send(cMPI.BOTTOM, 0, 1, tooLong, 0, 0, World), cMPI.ERR_BUFFER);
            Assert.Contains("of a variable of 8 bytes", e.Message);
            // a type over several variables needs a buffer with an address, not a scalar
            var y = new int[1];
            cMPI.Get_address(y, 0, out long yAt);
            cMPI.Type_create_struct(2, [1, 1], [0, yAt - xAt], [MPI_INT, MPI_INT], out var pair);
            cMPI.Type_commit(ref pair);
            int scalar = 0;
            e = Throws(() => cMPI.Send(ref scalar, 1, pair, 0, 0, World), cMPI.ERR_BUFFER);
            Assert.Contains("reaches other variables by address", e.Message);
        });
    }
}
