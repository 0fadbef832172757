using CloudMpi.Libc;
using Xunit;

namespace CloudMpi.Libc.Tests;

/// <summary>
/// Handle.Slot: `(void **)&amp;h` of an opaque handle given to a generic <c>void **</c> out-parameter (Intel MPI
/// Benchmarks' IMB_v_free((void **)&amp;c_info-&gt;s_buffer)); what the callee stores is what the handle holds.
/// </summary>
public class HandleSlotTests
{
    private static void Release<T>(ref Ptr<T> b) => b = default;

    private static void Allocate<T>(ref Ptr<T> b, ulong n) where T : unmanaged => b = CMem.Alloc<T>(n);

    [Fact]
    public void AStoreThroughTheSlotIsWhatTheHandleHolds()
    {
        object? h = null;
        Allocate<byte>(ref Handle.Slot(ref h, "t.c:1:1"), 8);
        Assert.False(Handle.IsNull(h));
        Handle.As<double>(h, "t.c:2:1")[0] = 2.5;
        Assert.Equal(2.5, Handle.As<double>(h, "t.c:3:1")[0]);
        Release<byte>(ref Handle.Slot(ref h, "t.c:4:1"));
        Assert.True(Handle.IsNull(h));
    }

    [Fact]
    public void ACopyOfTheHandleKeepsItsPointerWhenTheHandleIsSetToNull()
    {
        object? h = new byte[16];
        Handle.Slot(ref h); // boxed as a Ptr<byte> now
        object? kept = h;   // `void *kept = h;` copies the reference to that box
        Release<byte>(ref Handle.Slot(ref h, "t.c:5:1"));
        Assert.True(Handle.IsNull(h));
        Assert.False(Handle.IsNull(kept));
        Assert.Equal(16, Handle.Bytes(kept).Array!.Length);
    }

    [Fact]
    public void AnArrayOfNumbersIsGivenAsItsBytes()
    {
        object? h = new int[] { 1, 2 };
        ref Ptr<byte> slot = ref Handle.Slot(ref h, "t.c:6:1");
        Assert.Equal(1, slot[0]);
        Assert.Equal(2, slot[4]);
    }
}
