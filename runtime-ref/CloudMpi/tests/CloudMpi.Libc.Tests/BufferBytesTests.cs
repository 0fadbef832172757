namespace CloudMpi.Libc.Tests;

/// <summary>BufferBytes.As: a read-only MPI buffer's bytes retyped like the call's written buffer (a reduction of
/// an int into a long): the variable's or the array remainder's bytes, then zeros up to a whole element.</summary>
public sealed class BufferBytesTests
{
    [Fact]
    public void AScalarsBytesAndZerosPastIt()
    {
        Assert.Equal([0xFFFF_FFFFL], BufferBytes.As<int, long>(-1));
        Assert.Equal([5, 1], BufferBytes.As<long, int>(0x1_0000_0005L));
    }

    [Fact]
    public void AnArrayFromItsOffsetToItsEnd()
    {
        int[] a = [1, 2, 3, 4, 5];
        Assert.Equal([3L | (4L << 32), 5L], BufferBytes.As<int, long>(a, 2)!);
        Assert.Empty(BufferBytes.As<int, long>(a, 5)!);
        Assert.Null(BufferBytes.As<int, long>(null, 0));
        float[] f = [1.5f];
        Assert.Equal((long)BitConverter.SingleToInt32Bits(1.5f), BitConverter.DoubleToInt64Bits(BufferBytes.As<float, double>(f, 0)![0]));
    }
}
