using System.Runtime.InteropServices;

namespace CloudMpi.Libc.Tests;

/// <summary>A struct ending with a flexible array member (`struct msg { int n; double v[]; }`): the struct and its
/// elements in one block of bytes (Flexible), as the translator emits it (C's sizeof as the struct's Size).</summary>
public sealed class FlexibleTests
{
    [StructLayout(LayoutKind.Explicit, Size = 8)]
    private struct Msg
    {
        [FieldOffset(0)] public int N;
    }

    [Fact]
    public void The_struct_and_its_elements_share_one_block()
    {
        Ptr<Msg> m = Flexible.Alloc<Msg>(new SizeT(8 + 3 * 8));
        m[0].N = 3;
        Ptr<double> v = Flexible.Elements<Msg, double>(m, 8);
        v[2] = 1.5;
        Assert.Equal(3, m[0].N);
        Assert.Equal(1.5, Flexible.Elements<Msg, double>(m, 8)[2]);
        Assert.Equal(3, v.Remaining);
        Ptr<byte> bytes = Ptr.Reinterpret<Msg, byte>(m);
        Assert.Equal(32, bytes.Remaining);  // a byte view of the whole block: memcpy and MPI_BYTE see C's bytes
        Assert.Equal(3, bytes[0]);
        Assert.Throws<PointerException>(() => v[3]);  // past the block: C's overflow, found
    }

    [Fact]
    public void Realloc_keeps_the_first_bytes_and_a_block_is_at_least_the_struct()
    {
        Ptr<Msg> m = Flexible.Alloc<Msg>(new SizeT(2));
        Assert.Equal(8, Ptr.Reinterpret<Msg, byte>(m).Remaining);
        m = Flexible.Realloc(m, new SizeT(8 + 2 * 8));
        m[0].N = 2;
        Flexible.Elements<Msg, double>(m, 8)[1] = 4;
        Ptr<Msg> grown = Flexible.Realloc(m, new SizeT(8 + 5 * 8));
        Assert.Equal(2, grown[0].N);
        Assert.Equal(4, Flexible.Elements<Msg, double>(grown, 8)[1]);
        Assert.Equal(5, Flexible.Elements<Msg, double>(grown, 8).Remaining);
        Assert.Equal(0, Flexible.Realloc(default(Ptr<Msg>), new SizeT(8))[0].N);
    }
}
