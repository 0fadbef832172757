namespace CloudMpi.Libc.Tests;

/// <summary>Pointers to struct fields (`&amp;s.f`): Ptr&lt;T&gt; with a FieldView, reaching the field
/// through the struct that holds it.</summary>
public sealed class FieldPointerTests
{
    private struct Inner
    {
        public short A;
        public uint B;
    }

    private struct Outer
    {
        public int X;
        public Inner In;
    }

    [Fact]
    public void Writes_through_a_field_pointer_reach_the_struct_in_its_array()
    {
        var boxes = new Outer[3];
        Ptr<uint> pb = Ptr.ToField(new Ptr<Outer>(boxes, 1), static ref uint (ref Outer o) => ref o.In.B);
        pb.Value = 7;
        pb[0] += 1;
        Assert.Equal(8u, boxes[1].In.B);
        Assert.Equal(0u, boxes[0].In.B);
        Assert.False(pb.IsNull);
    }

    [Fact]
    public void A_field_pointer_follows_its_struct_not_a_copy()
    {
        var box = new Outer[1];
        Ptr<int> px = Ptr.ToField<Outer, int>(box, static ref int (ref Outer o) => ref o.X);
        box[0] = new Outer { X = 5 };      // whole-struct assignment, as C's `s = t`
        Assert.Equal(5, px.Value);
        Outer copy = box[0];
        copy.X = 9;                        // value semantics: the copy is not what px points at
        Assert.Equal(5, px.Value);
    }

    [Fact]
    public void Field_pointers_are_equal_when_they_reach_the_same_field()
    {
        var box = new Outer[2];
        Ptr<uint> a = Ptr.ToField<Outer, uint>(box, static ref uint (ref Outer o) => ref o.In.B);
        Ptr<Inner> inner = Ptr.ToField<Outer, Inner>(box, static ref Inner (ref Outer o) => ref o.In);
        Ptr<uint> b = Ptr.ToField(inner, static ref uint (ref Inner i) => ref i.B);   // &(&s.in)->b
        Ptr<uint> other = Ptr.ToField(new Ptr<Outer>(box, 1), static ref uint (ref Outer o) => ref o.In.B);
        Assert.True(a == b);
        Assert.False(a == other);
        Assert.Equal(a.GetHashCode(), b.GetHashCode());
        Assert.False(a == default);
        Assert.Equal(a, (a + 1) - 1);
    }

    // Outer in C: int X at 0, Inner In at 4 (short A at 4, uint B at 8); sizeof 12.
    [Fact]
    public void Byte_views_of_two_fields_of_one_struct_subtract_to_their_c_distance()
    {
        var boxes = new Outer[2];
        Ptr<uint> b = Ptr.ToField(new Ptr<Outer>(boxes, 1), static ref uint (ref Outer o) => ref o.In.B);
        Ptr<int> x = Ptr.ToField(new Ptr<Outer>(boxes, 0), static ref int (ref Outer o) => ref o.X);
        // (char *)&a[1].in.b - (char *)&a[0].x and - (char *)a: a struct displacement written as pointer arithmetic
        Assert.Equal(12 + 8, Ptr.Reinterpret<uint, sbyte>(b) - Ptr.Reinterpret<int, sbyte>(x));
        Assert.Equal(12 + 8, Ptr.Reinterpret<uint, sbyte>(b) - Ptr.Reinterpret<Outer, sbyte>(boxes));
        Assert.Equal(-(12 + 8), Ptr.Reinterpret<Outer, sbyte>(boxes) - Ptr.Reinterpret<uint, sbyte>(b));
        var other = new Outer[2];
        Ptr<int> elsewhere = Ptr.ToField<Outer, int>(other, static ref int (ref Outer o) => ref o.X);
        Assert.Throws<PointerException>(() => Ptr.Reinterpret<int, sbyte>(elsewhere) - Ptr.Reinterpret<int, sbyte>(x));
    }

    [Fact]
    public void The_place_of_a_field_is_its_struct_array_and_c_offset()
    {
        var boxes = new Outer[3];
        Ptr<short> a = Ptr.ToField(new Ptr<Outer>(boxes, 2), static ref short (ref Outer o) => ref o.In.A);
        Assert.Same(boxes, Ptr.Place(a, out long at, out long bytes));
        Assert.Equal(2 * 12 + 4, at);
        Assert.Equal(3 * 12, bytes);
        var plain = new double[4];
        Assert.Same(plain, Ptr.Place(new Ptr<double>(plain, 3), out at, out bytes));
        Assert.Equal(24, at);
        Assert.Equal(32, bytes);
        Assert.Null(Ptr.Place(default(Ptr<int>), out _, out _));
    }

    [Fact]
    public void Only_the_field_itself_can_be_dereferenced()
    {
        var box = new Outer[1];
        Ptr<int> px = Ptr.ToField<Outer, int>(box, static ref int (ref Outer o) => ref o.X);
        Ptr<int> past = px + 1;             // one past the field: C allows forming it
        Assert.Throws<PointerException>(() => past.Value);
        Assert.Equal(1, px.AsSpan(1).Length);
        Assert.Throws<PointerException>(() => Ptr.ToField(default(Ptr<Outer>), static ref int (ref Outer o) => ref o.X));
    }

    [Fact]
    public void Pointers_to_different_types_are_equal_only_when_both_are_null()
    {
        long[] a = [1];
        Assert.False(Ptr.SameAddress<long, ulong>(a, new ulong[1]));
        Assert.True(Ptr.SameAddress<long, ulong>(default, default));
        Assert.False(Ptr.SameAddress<long, ulong>(a, default));
        Assert.True(Ptr.SameAddress<long, long>(a, a));
    }

    [Fact]
    public void A_signed_buffer_read_as_unsigned_is_the_same_memory()
    {
        int[] a = [-1, 2, 3];
        Ptr<uint> u = Ptr.Reinterpret<int, uint>(new Ptr<int>(a, 1));
        Assert.Equal(2u, u.Value);
        Assert.Equal(uint.MaxValue, u[-1]);
        u[1] = 0xFFFFFFFE;
        Assert.Equal(-2, a[2]);
        Ptr<int> back = Ptr.Reinterpret<uint, int>(u + 1);
        Assert.True(back == new Ptr<int>(a, 2));      // converting back gives the original pointer
        Assert.True(Ptr.SameAddress<int, uint>(new Ptr<int>(a, 1), u));
        Assert.True(Ptr.Reinterpret<int, uint>(a) + 1 == u);
        Assert.Throws<PointerException>(() => Ptr.Reinterpret<int, object>(a));  // references have no bytes
        Assert.True(Ptr.Reinterpret<int, uint>(default).IsNull);
    }

    [Fact]
    public void ByteViewsReadAndWriteTheSourcesMemory()
    {
        double[] d = [-1.5, 2.0];
        Ptr<byte> bytes = Ptr.Reinterpret<double, byte>(d);
        Assert.Equal(0xBF, bytes[7]);
        Assert.Equal(0x40, bytes[15]);
        Assert.Equal(16, bytes.Remaining);
        bytes[15] = 0xC0;                                          // writes reach the double
        Assert.Equal(-2.0, d[1]);
        Assert.Equal(unchecked((long)0xBFF8000000000000), Ptr.Reinterpret<double, long>(d).Value);

        // a wider view of a narrower buffer, across element boundaries and from an offset
        short[] s = [1, 2, 3, 4, 5];
        Ptr<int> words = Ptr.Reinterpret<short, int>(new Ptr<short>(s, 1));
        Assert.Equal(2 | (3 << 16), words.Value);
        Assert.Equal(1 | (2 << 16), Ptr.Reinterpret<short, int>(s).Value);
        Assert.Equal(2 | (3 << 16), Ptr.Reinterpret<short, int>(new Ptr<short>(s, 3))[-1]);  // before the view
        Assert.Throws<PointerException>(() => words[2]);          // would need s[5]

        // pointers into the two views compare by address, and converting back gives the original
        Ptr<byte> third = bytes + 8;
        Assert.True(Ptr.SameAddress(new Ptr<double>(d, 1), third));
        Assert.True(Ptr.Reinterpret<byte, double>(third) == new Ptr<double>(d, 1));
        Assert.False(Ptr.SameAddress(new Ptr<double>(d, 1), bytes + 7));
    }

    [System.Runtime.CompilerServices.InlineArray(4)]
    private struct Four
    {
        private sbyte _element0;
    }

    private struct Named
    {
        public Four Name;
    }

    [Fact]
    public void A_struct_array_used_as_a_pointer_writes_into_the_struct()
    {
        var box = new Named[2];
        Ptr<sbyte> name = Ptr.ToArrayField(new Ptr<Named>(box, 1), static Span<sbyte> (ref Named n) => n.Name);
        CString.strcpy(name, CString.Lit("abc"));
        Assert.Equal((sbyte)'b', box[1].Name[1]);
        Assert.Equal(3UL, CString.strlen(name));
        Assert.Equal(4, name.Remaining);
        Assert.Throws<PointerException>(() => (name + 4).Value);
        Assert.True(name + 1 == Ptr.ToArrayField(new Ptr<Named>(box, 1), static Span<sbyte> (ref Named n) => n.Name) + 1);
    }
}
