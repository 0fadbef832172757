using System.Globalization;
using static CloudMpi.Libc.Stdlib;

namespace CloudMpi.Libc.Tests;

/// <summary>qsort/bsearch (comparator calls and resulting order), assert and the rest of stdlib against glibc.</summary>
public sealed class StdlibSortTests
{
    // Sorts by key / 10, so equal keys show whether the order of equals is glibc's; every
    // comparator call is logged by the indices it was given.
    private const string Source = """
        #include <stdio.h>
        #include <stdlib.h>

        static int *base;
        static long calls;
        static int cmp(const void *a, const void *b) {
            const int *x = a, *y = b;
            if (calls++ < 400) printf("c %ld %ld\n", (long)(x - base), (long)(y - base));
            return *x / 10 - *y / 10;
        }
        static int bcmp(const void *k, const void *e) {
            const int *x = k, *y = e;
            printf("b %ld\n", (long)(y - base));
            return *x - *y;
        }

        int main(void) {
            int n, v[2000];
            while (scanf("%d", &n) == 1) {
                for (int i = 0; i < n; i++) scanf("%d", &v[i]);
                base = v; calls = 0;
                qsort(v, n, sizeof v[0], cmp);
                printf("calls %ld\n", calls);
                for (int i = 0; i < n; i++) printf("%d ", v[i]);
                printf("\n");
                for (int i = 0; i < n; i++) v[i] /= 10;
                int keys[3] = {v[0], v[n / 2] + 1, -1};
                for (int k = 0; k < 3; k++) {
                    int *hit = bsearch(&keys[k], v, n, sizeof v[0], bcmp);
                    printf("found %ld\n", hit ? (long)(hit - v) : -1L);
                }
            }
            return 0;
        }
        """;

    [Fact]
    public void Qsort_and_bsearch_match_glibc_call_by_call()
    {
        var rng = new TestRng(7);
        var arrays = new List<int[]> { new[] { 5 }, new[] { 20, 10 }, new[] { 11, 12, 10, 13 } };
        foreach (int n in new[] { 3, 7, 16, 33, 100, 257, 1500 })
        {
            var a = new int[n];
            for (int i = 0; i < n; i++) a[i] = rng.Range(0, n * 3);
            arrays.Add(a);
        }

        string stdin = string.Concat(arrays.Select(a => $"{a.Length} {string.Join(' ', a)}\n"));
        string[] expected = CHarness.Run(Source, stdin);

        var log = new List<string>();
        foreach (var input in arrays)
        {
            int[] v = (int[])input.Clone();
            long calls = 0;
            qsort(v, v.Length, 4, (x, y) =>
            {
                if (calls++ < 400) log.Add($"c {x.Offset} {y.Offset}");
                return x.Value / 10 - y.Value / 10;
            });
            log.Add($"calls {calls}");
            log.Add(string.Concat(v.Select(x => x.ToString(CultureInfo.InvariantCulture) + " ")));
            for (int i = 0; i < v.Length; i++) v[i] /= 10;
            foreach (int key in new[] { v[0], v[v.Length / 2] + 1, -1 })
            {
                var hit = bsearch(key, v, v.Length, 4UL, (k, e) =>
                {
                    log.Add($"b {e.Offset}");
                    return k.Value - e.Value;
                });
                log.Add($"found {(hit.IsNull ? -1 : hit.Offset)}");
            }
        }

        Assert.Equal(expected.Select(l => l.TrimEnd()), log.Select(l => l.TrimEnd()).Where(l => l.Length > 0));
    }

    [Fact]
    public void Qsort_sorts_structs_through_pointers_and_checks_the_element_size()
    {
        var rows = new (int Key, string Name)[] { (3, "c"), (1, "a"), (2, "b"), (1, "a2") };
        var p = new Ptr<(int, string)>(rows, 1);
        qsort(p, 3, 16, (x, y) => x.Value.Item1 - y.Value.Item1);
        Assert.Equal(new[] { "c", "a", "a2", "b" }, rows.Select(r => r.Name));
        Assert.Throws<ArgumentException>(() => qsort(new int[3], 3, 6, (x, y) => 0)); // no whole number of ints
    }

    [Fact]
    public void Qsort_sorts_rows_of_several_slots()
    {
        // int pairs[4][2] sorted by their first number with size 8: each element is two ints, moved together
        var pairs = new[] { 3, 30, 1, 10, 2, 20, 1, 11 };
        qsort(pairs, 4, 8, (x, y) => x[0] - y[0]);
        Assert.Equal(new[] { 1, 10, 1, 11, 2, 20, 3, 30 }, pairs);
        var hit = bsearch(new Ptr<int>([2]), pairs, 4, 8, (k, e) => k[0] - e[0]);
        Assert.Equal(4, hit.Offset);
    }

    private const string AssertSource = """
        #include <assert.h>
        #include <stdio.h>
        static int check(int x) { assert(x * 2 == 5); return x; }
        int main(void) { printf("before\n"); fflush(stdout); return check(2); }
        """;

    [Fact]
    public void Assert_prints_glibcs_message_and_aborts_with_134()
    {
        var (code, _, stderr, exe) = CHarness.RunRaw(AssertSource);
        var err = new StringWriter();
        int ours;
        using (LibcState.Enter(new LibcState(TextWriter.Null, err)))
        {
            ours = CProgram.Run(Path.GetFileName(exe), [], () =>
            {
                CAssert.assert(2 * 2 == 5, "x * 2 == 5", exe + ".c", 3, "check");
                return 0;
            });
        }

        Assert.Equal(134, code);
        Assert.Equal(code, ours);
        Assert.Equal(stderr, err.ToString());
        Assert.StartsWith(Path.GetFileName(exe) + ": ", stderr, StringComparison.Ordinal);
    }

    [Fact]
    public void Getenv_div_and_time()
    {
        string name = "CMPI_TEST_" + Environment.ProcessId.ToString(CultureInfo.InvariantCulture);
        Environment.SetEnvironmentVariable(name, "v=1");
        Assert.Equal("v=1", CString.Str(getenv(name)));
        Assert.Equal("v=1", CString.Str(getenv(CString.Lit(name))));
        Assert.True(getenv(name + "_UNSET").IsNull);
        Environment.SetEnvironmentVariable(name, null);
        Assert.Equal(new div_t(-3, -1), div(-7, 2)); // C truncates toward zero
        Assert.Equal(new lldiv_t(3, 1), lldiv(7, 2));
        Assert.Equal(5L, llabs(-5));
        var t = new long[1];
        long now = Ctime.time(new Ptr<long>(t));
        Assert.Equal(now, t[0]);
        Assert.True(Math.Abs(now - DateTimeOffset.UtcNow.ToUnixTimeSeconds()) < 5);
        Assert.Equal(now, Ctime.time(null), 2.0);
        Assert.Equal(3.0, Ctime.difftime(now + 3, now));
        Assert.True(Ctime.clock() >= 0);
    }

    private const string ErrnoSource = """
        #include <errno.h>
        #include <stdio.h>
        #include <stdlib.h>
        int main(void) {
            errno = 0;
            long v = strtol("99999999999999999999", NULL, 10);
            printf("%ld %d\n", v, errno);
            perror("strtol");
            errno = ENOENT;
            perror("");
            errno = EINVAL;
            perror("x");
            return 0;
        }
        """;

    [Fact]
    public void Errno_is_per_rank_reachable_as_glibcs_macro_and_perror_matches()
    {
        var (code, stdout, stderr, _) = CHarness.RunRaw(ErrnoSource);
        var o = new StringWriter();
        var e = new StringWriter();
        using (LibcState.Enter(new LibcState(o, e)))
        {
            errno = 0;
            long v = strtol(CString.Lit("99999999999999999999"), default, 10);
            Stdio.printf("%ld %d\n", v, __errno_location().Value);
            Stdio.perror("strtol");
            __errno_location().Value = ENOENT; // errno = ENOENT as the macro expands
            Stdio.perror("");
            errno = EINVAL;
            Stdio.perror("x");
        }

        Assert.Equal(0, code);
        Assert.Equal(stdout, o.ToString());
        Assert.Equal(stderr, e.ToString());
    }

    [Fact]
    public void Atexit_handlers_run_last_first_after_main()
    {
        var o = new StringWriter();
        using (LibcState.Enter(new LibcState(o, TextWriter.Null)))
        {
            int code = CProgram.Run("p", [], () =>
            {
                atexit(() => Stdio.printf("first\n"));
                atexit(() => Stdio.printf("second\n"));
                Stdio.printf("main\n");
                return 3;
            });
            Assert.Equal(3, code);
        }

        Assert.Equal("main\nsecond\nfirst\n", o.ToString());
    }
}
