namespace CloudMpi.Libc.Tests;

/// <summary>PtrBuffer: how a Ptr&lt;T&gt; reaches an MPI call's (T[] array, int offset) parameters.</summary>
public sealed class PtrBufferTests
{
    [System.Runtime.CompilerServices.InlineArray(5)]
    private struct Five
    {
        private int _element0;
    }

    private struct Rec
    {
        public int Tag;
        public Five Arr;
        public int X;
    }

    [Fact]
    public void A_plain_pointer_gives_its_own_array_and_offset()
    {
        int[] a = [1, 2, 3, 4];
        int[]? got = PtrBuffer.Of(new Ptr<int>(a, 2), out var staged, out int offset);
        Assert.Same(a, got);
        Assert.Equal(2, offset);
        Assert.Null(staged);
        Assert.Same(a, PtrBuffer.Lasting(new Ptr<int>(a, 3), out offset));
        Assert.Equal(3, offset);
        Assert.Null(PtrBuffer.Of(default(Ptr<int>), out _, out _));
    }

    [Fact]
    public void A_pending_view_gets_back_only_the_elements_a_completed_receive_wrote()
    {
        double[] d = new double[4];                          // `int *recv_int = (int *)recv_buff;` of a double *
        Ptr<int> ints = Ptr.Reinterpret<double, int>(new Ptr<double>(d, 0));
        int[] copy = PtrBuffer.Pending(ints, out int offset)!;
        Assert.NotNull(copy);
        Assert.Equal(0, offset);
        copy[2] = 7;                                         // a receive of 2 ints at offset 2 completes
        copy[3] = 8;
        copy[5] = 99;                                        // another receive's elements, not complete yet
        PtrBuffer.Completed(copy, 2, 2);
        Assert.Equal(7, ints[2]);
        Assert.Equal(8, ints[3]);
        Assert.Equal(0, ints[5]);
        PtrBuffer.Completed(new int[3], 0, 3);               // no view behind this array: nothing happens
        int[] plain = [1, 2];
        Assert.Same(plain, PtrBuffer.Pending(new Ptr<int>(plain, 1), out offset));
        Assert.Equal(1, offset);
    }

    [Fact]
    public void A_whole_array_parameter_takes_the_array_at_its_start_and_a_written_back_copy_elsewhere()
    {
        int[] a = [1, 2, 3, 4, 5];
        Assert.Same(a, PtrBuffer.Whole(new Ptr<int>(a, 0), out var none));
        Assert.Null(none);
        int[] rest = PtrBuffer.Whole(new Ptr<int>(a, 2), out var staged)!;  // `info + 2` as MPI_Cart_coords' coords
        Assert.Equal([3, 4, 5], rest);
        rest[0] = 30;
        rest[2] = 50;
        Assert.Equal(3, a[2]);
        Assert.Equal(0, PtrBuffer.Done(0, staged));
        Assert.Equal([1, 2, 30, 4, 50], a);
        Assert.Null(PtrBuffer.Whole(default(Ptr<int>), out var nullStaged));  // a non-root's NULL counts
        Assert.Null(nullStaged);
    }

    [Fact]
    public void A_reinterpreted_buffer_is_the_same_array_without_a_copy()
    {
        int[] a = [-1, -2, -3, -4];
        Ptr<uint> u = Ptr.Reinterpret<int, uint>(new Ptr<int>(a, 1)) + 1;
        uint[]? got = PtrBuffer.Of(u, out var staged, out int offset);
        Assert.Null(staged);
        Assert.Same(a, (object?)got);
        Assert.Equal(2, offset);
        got![offset] = 7u;                  // what a receive writes lands in the int array
        Assert.Equal(7, a[2]);
        Assert.Same(a, (object?)PtrBuffer.Lasting(u, out offset));
        Assert.Equal(2, offset);
    }

    [Fact]
    public void Memory_read_as_another_type_is_staged()
    {
        double[] d = [1.5, 2.5];
        Ptr<byte> bytes = Ptr.Reinterpret<double, byte>(new Ptr<double>(d, 1));
        byte[] copy = PtrBuffer.Of(bytes, out var staged, out _)!;
        Assert.NotNull(staged);
        Assert.Equal(BitConverter.GetBytes(2.5), copy);
        BitConverter.GetBytes(-4.0).CopyTo(copy, 0);  // a receive of 8 MPI_BYTEs
        PtrBuffer.Done(0, staged);
        Assert.Equal([1.5, -4.0], d);
        float[] f = [1f];
        Ptr<int> bits = Ptr.Reinterpret<float, int>(new Ptr<float>(f));
        Assert.NotNull(PtrBuffer.Of(bits, out var bitsStaged, out _));
        Assert.NotNull(bitsStaged);                    // a float[] cannot stand for an int[]: copied, not cast
        Assert.Throws<PointerException>(() => PtrBuffer.Lasting(bits, out _));
    }

    [Fact]
    public void A_struct_array_view_is_staged_and_written_back_after_the_call()
    {
        var recs = new Rec[2];
        for (int i = 0; i < 5; i++) recs[1].Arr[i] = 10 + i;
        Ptr<int> p = Ptr.ToArrayField(new Ptr<Rec>(recs, 1), static Span<int> (ref Rec r) => r.Arr) + 1;
        int[]? copy = PtrBuffer.Of(p, out var staged, out int offset);
        Assert.NotNull(staged);
        Assert.Equal(0, offset);
        Assert.Equal([11, 12, 13, 14], copy!);      // from the pointer to the end of the field
        copy![1] = 99;                               // a receive into the copy
        Assert.Equal(12, recs[1].Arr[2]);           // not yet in the struct
        Assert.Equal(5, PtrBuffer.Done(5, staged)); // the call's return code passes through
        Assert.Equal(99, recs[1].Arr[2]);
        Assert.Equal(10, recs[1].Arr[0]);
        Assert.Equal(0, recs[0].Arr[2]);
    }

    [Fact]
    public void A_scalar_field_is_staged_and_a_lasting_call_refuses_it()
    {
        var box = new Rec[1];
        Ptr<int> x = Ptr.ToField(new Ptr<Rec>(box), static ref int (ref Rec r) => ref r.X);
        Ptr<int> tag = Ptr.ToField(new Ptr<Rec>(box), static ref int (ref Rec r) => ref r.Tag);
        int[]? a = PtrBuffer.Of(x, out var sx, out _);
        int[]? b = PtrBuffer.Of(tag, out var st, out _);
        a![0] = 3;
        b![0] = 4;
        PtrBuffer.Done(0, sx, st);
        Assert.Equal((4, 3), (box[0].Tag, box[0].X));
        var e = Assert.Throws<PointerException>(() => PtrBuffer.Lasting(x, out _));
        Assert.Contains("nonblocking or persistent", e.Message);
    }
    [Fact]
    public void Memory_names_the_array_a_view_reads_in_place_and_its_byte_offset()
    {
        sbyte[] pool = new sbyte[64];                        // `uint64_t *p` aligned into a `char pool[64]`
        Ptr<ulong> p = Ptr.Reinterpret<sbyte, ulong>(new Ptr<sbyte>(pool, 16)) + 1;
        Assert.Same(pool, PtrBuffer.Memory(p, out long at));
        Assert.Equal(24, at);
        int[] ints = [1, 2, 3];                              // the other signedness: the same array
        Assert.Same(ints, PtrBuffer.Memory(Ptr.Reinterpret<int, uint>(new Ptr<int>(ints, 1)), out at));
        Assert.Equal(4, at);
        Assert.Same(ints, PtrBuffer.Memory(new Ptr<int>(ints, 2), out at));
        Assert.Equal(8, at);
        Assert.Null(PtrBuffer.Memory(default(Ptr<long>), out _));
        var box = new Rec[1];
        Ptr<int> x = Ptr.ToField(new Ptr<Rec>(box), static ref int (ref Rec r) => ref r.X);
        Assert.Throws<PointerException>(() => PtrBuffer.Memory(x, out _));
    }
}
