namespace CloudMpi.Libc.Tests;

/// <summary>Ptr&lt;T&gt;: C pointer arithmetic, comparison and dereference on array + offset.</summary>
public sealed class PtrTests
{
    [Fact]
    public void Arithmetic_moves_the_offset_and_indexing_reads_through_it()
    {
        int[] a = [10, 11, 12, 13, 14];
        Ptr<int> p = a;
        Assert.Equal(0, p.Offset);
        Assert.Same(a, p.Array);
        p += 2;
        Assert.Equal(12, p.Value);
        Assert.Equal(13, p[1]);
        Assert.Equal(11, p[-1]);
        Assert.Equal(14, p[2L]);
        p++;
        Assert.Equal(13, p.Value);
        p--;
        --p;
        Assert.Equal(11, p.Value);
        Assert.Equal(14, (3 + p).Value);
        Assert.Equal(10, (p - 1L).Value);
        Assert.Equal(13, (p + 2UL).Value);
        Assert.Equal(12, (p - 1UL + 2).Value);
    }

    [Fact]
    public void Writes_through_the_pointer_reach_the_array()
    {
        var a = new double[4];
        var p = new Ptr<double>(a, 1);
        p.Value = 1.5;
        p[2] = 2.5;
        (p + 1).Value += 7;
        Assert.Equal(new[] { 0, 1.5, 7, 2.5 }, a);
    }

    [Fact]
    public void Difference_needs_the_same_array()
    {
        var a = new int[10];
        Ptr<int> p = a, q = new Ptr<int>(a, 7);
        Assert.Equal(7L, q - p);
        Assert.Equal(-7L, p - q);
        Ptr<int> same = p;
        Assert.True(p < q && p <= q && q > p && q >= p && p <= same && p >= same);
        Assert.False(p > q || q < p);
        var e = Assert.Throws<PointerException>(() => p - new Ptr<int>(new int[10]));
        Assert.Contains("different arrays", e.Message);
    }

    [Fact]
    public void Pointers_into_different_arrays_compare_as_disjoint_objects()
    {
        // gcc compares addresses: an object lies wholly below or above another, NULL below both.
        int[] a = new int[10], b = new int[3];
        Ptr<int> inA = new(a, 4), inB = new(b, 1), none = default;
        bool below = inA < inB;
        Assert.Equal(below, new Ptr<int>(a, 9) < (Ptr<int>)b);
        Assert.Equal(below, (Ptr<int>)a < new Ptr<int>(b, 2));
        Assert.True(below == (inB > inA) && below == (inA <= inB) && below != (inA >= inB) && below != (inB < inA));
        Assert.False(inB >= (Ptr<int>)a && inB <= new Ptr<int>(a, 9));
        Assert.True(none < inA && none <= inB && inA > none && !(inB < none));
        Assert.Equal(below, inA < inB);
    }

    [Fact]
    public void Equality_is_same_array_and_offset_and_null_is_default()
    {
        var a = new int[3];
        Ptr<int> p = a;
        Assert.True(p == new Ptr<int>(a, 0));
        Assert.True(p + 1 != p);
        Assert.False(p == new Ptr<int>(new int[3]));
        Ptr<int> nul = default;
        Assert.True(nul.IsNull);
        Assert.False(p.IsNull);
        Assert.True(nul == null);
        Assert.Equal(p.GetHashCode(), new Ptr<int>(a).GetHashCode());
        Assert.True(p.Equals((object)new Ptr<int>(a)));
        Assert.Equal("NULL", nul.ToString());
        Assert.Equal("Int32[3]+2", (p + 2).ToString());
    }

    [Fact]
    public void Dereferences_fail_with_c_like_messages()
    {
        Ptr<int> nul = default;
        Assert.Equal("null pointer dereference", Assert.Throws<PointerException>(() => nul.Value).Message);
        Assert.Equal("null pointer dereference", Assert.Throws<PointerException>(() => nul[0]).Message);
        Ptr<int> p = new int[10];
        Assert.Equal("pointer out of bounds: offset 12 in array of 10", Assert.Throws<PointerException>(() => p[12]).Message);
        Assert.Equal("pointer out of bounds: offset -1 in array of 10", Assert.Throws<PointerException>(() => (p - 1).Value).Message);
        Assert.Throws<PointerException>(() => (p + 10).Value);
        Assert.Throws<PointerException>(() => p[long.MaxValue]);
        // One past the end (and beyond) is a valid place to move to, as in C; only use is checked.
        var end = p + 10;
        Assert.Equal(10L, end - p);
    }

    [Fact]
    public void AsSpan_is_bounds_checked()
    {
        int[] a = [1, 2, 3, 4];
        var p = new Ptr<int>(a, 1);
        Assert.Equal(new[] { 2, 3, 4 }, p.AsSpan(3).ToArray());
        Assert.Equal(new[] { 2, 3, 4 }, p.AsSpan().ToArray());
        Assert.Equal(0, (p + 3).AsSpan(0).Length);
        Assert.Throws<PointerException>(() => p.AsSpan(4));
        Assert.Equal(0, default(Ptr<int>).AsSpan(0).Length);
        Assert.Throws<PointerException>(() => default(Ptr<int>).AsSpan(1));
    }

    [Fact]
    public void Row_tables_are_arrays_of_pointers()
    {
        // double **rows: each row points into one contiguous block, as C code often builds them.
        var block = new double[6];
        var rows = new Ptr<double>[3];
        for (int i = 0; i < 3; i++) rows[i] = new Ptr<double>(block, i * 2);
        rows[2][1] = 9;
        Assert.Equal(9, block[5]);
        Assert.Equal(2L, rows[1] - rows[0]);
    }
}
