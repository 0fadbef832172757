namespace CloudMpi.Libc.Tests;

/// <summary>GCC's __sync builtins (CSync), OpenMP's locks (OpenMp) and fenv.h's rounding direction (CFenv).</summary>
public sealed class SyncLockFenvTests
{
    [Fact]
    public void Sync_operations_give_the_old_or_new_value_and_wrap_as_C()
    {
        int x = 5;
        Assert.Equal(5, CSync.ValCompareAndSwap(ref x, 5, 7));
        Assert.Equal(7, CSync.ValCompareAndSwap(ref x, 5, 9));
        Assert.Equal(7, x);
        Assert.True(CSync.BoolCompareAndSwap(ref x, 7, 11));
        Assert.False(CSync.BoolCompareAndSwap(ref x, 7, 12));
        Assert.Equal(11, CSync.FetchAndAdd(ref x, 3));
        Assert.Equal(17, CSync.AddAndFetch(ref x, 3));
        byte b = 250;
        Assert.Equal((byte)4, CSync.AddAndFetch(ref b, (byte)10));
        uint u = 0xf0f0;
        Assert.Equal(0xffffff0fu, CSync.NandAndFetch(ref u, 0xffu));
        int[] counts = new int[3];
        Ptr<int> p = counts;
        CSync.FetchAndAdd(p + 2, 4);
        CSync.SubAndFetch(counts, 1);
        Assert.Equal(new[] { -1, 0, 4 }, counts);
        Assert.Equal(-1, CSync.LockTestAndSet(counts, 9));
        CSync.LockRelease(ref counts[0]);
        Assert.Equal(0, counts[0]);
    }

    [Fact]
    public void Sync_fetch_and_add_is_atomic_across_threads()
    {
        long total = 0;
        Parallel.For(0, 4, _ => { for (int i = 0; i < 10000; i++) CSync.FetchAndAdd(ref total, 1L); });
        Assert.Equal(40000L, total);
    }

    [Fact]
    public void Omp_locks_test_and_nest_as_OpenMP_says()
    {
        omp_lock_t? l = null;
        OpenMp.omp_init_lock(ref l);
        Assert.Equal(1, OpenMp.omp_test_lock(ref l));
        Assert.Equal(0, OpenMp.omp_test_lock(ref l));
        // setting a simple lock its own thread holds waits forever natively: the rank fails instead
        Assert.Throws<InvalidOperationException>(() => OpenMp.omp_set_lock(ref l));
        OpenMp.omp_unset_lock(ref l);
        OpenMp.omp_set_lock(ref l);
        OpenMp.omp_unset_lock(ref l);
        Assert.Throws<InvalidOperationException>(() => OpenMp.omp_unset_lock(ref l));

        omp_nest_lock_t? n = null;
        OpenMp.omp_init_nest_lock(ref n);
        OpenMp.omp_set_nest_lock(ref n);
        Assert.Equal(2, OpenMp.omp_test_nest_lock(ref n));
        OpenMp.omp_unset_nest_lock(ref n);
        OpenMp.omp_unset_nest_lock(ref n);
        Assert.Equal(1, OpenMp.omp_test_nest_lock(ref n));
    }

    [Fact]
    public void Omp_lock_excludes_another_thread()
    {
        omp_lock_t? l = null;
        OpenMp.omp_init_lock(ref l);
        OpenMp.omp_set_lock(ref l);
        int seen = -1;
        var t = new Thread(() => seen = OpenMp.omp_test_lock(ref l));
        t.Start();
        t.Join();
        Assert.Equal(0, seen);
        OpenMp.omp_unset_lock(ref l);
    }

    [Fact]
    public void Only_round_to_nearest_is_set()
    {
        Assert.Equal(CFenv.FE_TONEAREST, CFenv.fegetround());
        Assert.Equal(0, CFenv.fesetround(CFenv.FE_TONEAREST));
        Assert.NotEqual(0, CFenv.fesetround(12345)); // no direction: glibc fails, changing nothing
        Assert.Throws<NotSupportedException>(() => CFenv.fesetround(CFenv.FE_UPWARD));
    }

    [Fact]
    public void Gnu_string_functions_stop_where_glibc_stops()
    {
        sbyte[] dst = new sbyte[8];
        // memccpy reads the source only up to the first c, whatever n says
        Ptr<sbyte> after = CString.memccpy(dst, CString.Lit("ab:c"), ':', 32);
        Assert.Equal(3L, after - (Ptr<sbyte>)dst);
        Assert.True(CString.memccpy(dst, CString.Lit("abc"), ':', 3).IsNull);
        Assert.Equal("Segmentation fault", CString.Str(CString.strsignal(11)));
        Assert.Equal("Real-time signal 0", CString.Str(CString.strsignal(34)));
        Assert.Equal("Unknown signal 65", CString.Str(CString.strsignal(65)));
        Ptr<sbyte> s = CString.Lit("a.b");
        Assert.Equal(3L, CString.strchrnul(s, '#') - s);
    }
}
