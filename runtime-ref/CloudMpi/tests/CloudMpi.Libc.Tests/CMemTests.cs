using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Libc.Tests;

/// <summary>malloc/calloc/realloc/free and memcpy/memmove/memset/memcmp.</summary>
public sealed class CMemTests
{
    [StructLayout(LayoutKind.Sequential)]
    private struct Particle
    {
        public double X, Y;
        public int Id;
    }

#pragma warning disable CS0649 // only the layout matters
    private struct WithPointer
    {
        public int Count;
        public Ptr<double> Data;
        public sbyte Tag;
    }
#pragma warning restore CS0649

    [StructLayout(LayoutKind.Explicit)]
    private struct IntOrDouble
    {
        [FieldOffset(0)] public int I;
        [FieldOffset(0)] public double D;
    }

    [Fact]
    public void C_sizes_are_lp64_sizes_with_pointers_8_bytes()
    {
        Assert.Equal(1, CSizeOf<sbyte>.Size);
        Assert.Equal(2, CSizeOf<short>.Size);
        Assert.Equal(4, CSizeOf<float>.Size);
        Assert.Equal(8, CSizeOf<long>.Size);
        Assert.Equal(8, CSizeOf<Ptr<double>>.Size);
        Assert.Equal(8, CSizeOf<int[]>.Size);
        Assert.Equal(24, CSizeOf<Particle>.Size);   // struct {double x, y; int id;}
        Assert.Equal(24, CSizeOf<WithPointer>.Size); // struct {int n; double *d; char t;}
        Assert.Equal(8, CSizeOf<IntOrDouble>.Size);  // union {int; double;}
        Assert.Equal(8, CSizeOf<WithPointer>.Alignment);
    }

    // struct { char tag; int x : 4; int y; unsigned short s : 9; } as the translator lays it out: C's offsets,
    // the bit-fields in storage units of their declared types (translator/convert/bitfields.py)
    [StructLayout(LayoutKind.Explicit, Size = 12)]
    private struct PackedBits
    {
        [FieldOffset(0)] public uint Unit0;
        [FieldOffset(8)] public ushort Unit8;
        [FieldOffset(0)] public sbyte Tag;
        [FieldOffset(4)] public int Y;
    }

    [Fact]
    public void Explicit_layouts_have_the_size_of_their_offsets_and_attribute()
    {
        Assert.Equal(12, CSizeOf<PackedBits>.Size);
        Assert.Equal(4, CSizeOf<PackedBits>.Alignment);
        Assert.Equal(Unsafe.SizeOf<PackedBits>(), CSizeOf<PackedBits>.Size);
    }

    // #pragma pack(1) struct { uint16_t type; uint32_t size; } as the translator lays it out (squeezed_layout): 6 bytes,
    // no tail padding, whatever its widest member's alignment
    [StructLayout(LayoutKind.Explicit, Size = 6)]
    private struct PackedHeader
    {
        [FieldOffset(0)] public ushort Type;
        [FieldOffset(2)] public uint Size;
    }

    [Fact]
    public void A_declared_size_is_cs_sizeof_under_pragma_pack()
    {
        Assert.Equal(6, CSizeOf<PackedHeader>.Size);
        Assert.Equal(Unsafe.SizeOf<PackedHeader>(), CSizeOf<PackedHeader>.Size);
        var headers = new PackedHeader[2];
        CMem.memset(headers, 0x11, 12);  // two whole elements: "the bytes of PackedHeader elements partially" before
        Assert.Equal(0x11111111u, headers[1].Size);
    }

    [Fact]
    public void Bit_fields_read_and_write_their_bits_of_a_unit()
    {
        ulong unit = 0xFFFF_0000;
        unit = BitField.Write(unit, unchecked((ulong)-3), 8, 4);        // int x : 4 at bit 8 = -3
        Assert.Equal(0xFFFF_0D00UL, unit);
        Assert.Equal(-3, BitField.ReadSigned(unit, 8, 4));
        Assert.Equal(13UL, BitField.Read(unit, 8, 4));
        Assert.Equal(0xFFFFUL, BitField.Read(unit, 16, 16));
        Assert.Equal(ulong.MaxValue, BitField.Write(0, ulong.MaxValue, 0, 64));
        Assert.Equal(-1L, BitField.ReadSigned(ulong.MaxValue, 0, 64));
    }

    [Fact]
    public void Alloc_rounds_bytes_up_to_whole_elements()
    {
        Assert.Equal(10, CMem.Alloc<double>(80).Length);
        Assert.Equal(3, CMem.Alloc<int>(9).Length);
        Assert.Empty(CMem.Alloc<int>(0));
        Assert.Equal(5, CMem.Alloc<Ptr<double>>(5UL * 8).Length);  // malloc(n * sizeof(double *))
        Assert.Equal(4, CMem.Alloc<Particle>(96L).Length);
        Assert.Equal(6, CMem.Calloc<int>(6, 4).Length);
        Assert.Equal(6, CMem.Calloc<int>(6u, 4UL).Length);
        Assert.Throws<OutOfMemoryException>(() => CMem.Alloc<int>(-1));
        Assert.Throws<OutOfMemoryException>(() => CMem.Calloc<int>(long.MaxValue, 4));
    }

    [Fact]
    public void Realloc_keeps_the_contents_and_needs_the_start_of_a_block()
    {
        int[] a = [1, 2, 3];
        Ptr<int> p = CMem.Realloc((Ptr<int>)a, 20);
        Assert.Equal(new[] { 1, 2, 3, 0, 0 }, p.Array);
        Assert.Equal(new[] { 1, 2 }, CMem.Realloc(a, 8));
        Assert.Equal(new int[2], CMem.Realloc(default(Ptr<int>), 8).Array);
        Assert.True(CMem.Realloc((Ptr<int>)a, 0).IsNull); // glibc: realloc(p, 0) frees, returns NULL
        Assert.Throws<PointerException>(() => CMem.Realloc((Ptr<int>)a + 1, 8));
        CMem.free(a);
        CMem.free(p);
        CMem.free(null);
    }

    [Fact]
    public void Memcpy_and_memmove_copy_elements_and_handle_overlap()
    {
        int[] src = [1, 2, 3, 4, 5];
        var dst = new int[5];
        Assert.Same(dst, CMem.memcpy(dst, src, 12));
        Assert.Equal(new[] { 1, 2, 3, 0, 0 }, dst);
        Ptr<int> p = src;
        CMem.memmove(p + 1, p, 16UL);
        Assert.Equal(new[] { 1, 1, 2, 3, 4 }, src);
        CMem.memmove(p, p + 1, 16L);
        Assert.Equal(new[] { 1, 2, 3, 4, 4 }, src);
        CMem.memcpy(new Ptr<int>(dst, 3), src, 8);  // mixed array / pointer arguments
        Assert.Equal(new[] { 1, 2, 3, 1, 2 }, dst);
        var rows = new Ptr<double>[2];
        var copy = new Ptr<double>[2];
        rows[1] = new double[3];
        CMem.memcpy(copy, rows, 16);                 // pointer elements copy as pointers
        Assert.True(copy[1] == rows[1]);
        Assert.Throws<PointerException>(() => CMem.memcpy(dst, src, 24));
    }

    [Fact]
    public void Partial_elements_and_different_types_copy_bytes()
    {
        int[] src = [0x04030201, 0x08070605];
        var dst = new int[2];
        CMem.memcpy(dst, src, 5);
        Assert.Equal(new[] { 0x04030201, 0x05 }, dst);
        var bits = new long[1];
        CMem.MemcpyBytes<long, double>(bits, new[] { 1.0 }, 8);
        Assert.Equal(BitConverter.DoubleToInt64Bits(1.0), bits[0]);
        Assert.Throws<PointerException>(() => CMem.memcpy(new string[1], new string[1], 4));
    }

    [Fact]
    public void Memset_zeroes_any_type_and_fills_bytes_of_unmanaged_ones()
    {
        var chars = new sbyte[5];
        CMem.memset(chars, 'x', 4);
        Assert.Equal(new sbyte[] { 120, 120, 120, 120, 0 }, chars);
        var ints = new int[3];
        CMem.memset(ints, -1, 12);
        Assert.Equal(new[] { -1, -1, -1 }, ints);
        CMem.memset(ints, 1, 4);
        Assert.Equal(0x01010101, ints[0]);
        var doubles = new[] { 1.0, 2.0, 3.0 };
        CMem.memset(new Ptr<double>(doubles, 1), 0, 16);
        Assert.Equal(new[] { 1.0, 0, 0 }, doubles);
        var ptrs = new Ptr<int>[] { ints, ints };
        CMem.memset(ptrs, 0, 16);
        Assert.True(ptrs[0].IsNull && ptrs[1].IsNull);
        Assert.Throws<PointerException>(() => CMem.memset(ptrs, 1, 8));
        Assert.Throws<PointerException>(() => CMem.memset(ints, 0, 16));
    }

    [Fact]
    public void Memcmp_compares_bytes_as_unsigned()
    {
        sbyte[] a = [1, 2, -1], b = [1, 2, 3];
        Assert.Equal(0, CMem.memcmp(a, b, 2));
        Assert.Equal(255 - 3, CMem.memcmp(a, b, 3));
        Assert.Equal(3 - 255, CMem.memcmp<sbyte>(b, a, 3));
        Assert.Equal(0, CMem.memcmp(new[] { 1.5 }, new[] { 1.5 }, 8));
    }
}
