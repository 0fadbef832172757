using static CloudMpi.Libc.CMem;
using static CloudMpi.Libc.CString;
using static CloudMpi.Libc.Stdio;

namespace CloudMpi.Libc.Tests;

/// <summary>
/// Code written as cmpi-translate emits it (bare names through using static, C's argument
/// types): compiling this file proves the overloads resolve without ambiguity.
/// </summary>
public sealed class TranslatedStyleTests
{
    private static string Capture(Action body)
    {
        var stdout = new StringWriter();
        using (LibcState.Enter(new LibcState(stdout, TextWriter.Null))) body();
        return stdout.ToString();
    }

    [Fact]
    public void Char_pointers_work_with_the_printf_family()
    {
        string output = Capture(() =>
        {
            // char *name = strdup("rank"); char buf[32]; char *p = buf + 2;
            Ptr<sbyte> name = strdup("rank");
            sbyte[] buf = new sbyte[32];
            Ptr<sbyte> p = new(buf, 2); // an array plus k: C# finds Ptr's operators only on a Ptr operand
            int n = sprintf(p, "%s-%d", name, 7);
            printf("%d [%s] [%s]\n", n, p, new Ptr<sbyte>(buf, 2));
            snprintf(buf, 4UL, "%s", name);
            printf(Lit("%s|%.2s|%5s\n"), buf, name, p + 5);
            Ptr<sbyte> fmt = Lit("<%d>\n");
            printf(fmt, 3);
            sprintf(buf, fmt, 4);
            fputs(buf, stdout);
            puts(name + 1);
            printf("%p %p\n", default(Ptr<sbyte>), (Ptr<int>)null);
        });
        Assert.Equal("6 [rank-7] [rank-7]\nran|ra|    7\n<3>\n<4>\nank\n(nil) (nil)\n", output);
    }

    [Fact]
    public void Pointer_code_reads_like_c()
    {
        // double *a = malloc(n * sizeof(double)); double *p = a; while (p < a + n) *p++ = k++;
        ulong n = 5;
        double[] a = Alloc<double>(n * 8UL);
        Ptr<double> p = a;
        double k = 1;
        while (p < (Ptr<double>)a + (long)n)
        {
            p.Value = k++;
            p++;
        }

        Ptr<double> b = Alloc<double>(40);
        memcpy(b, a, n * 8);
        memset(a, 0, 16);
        memmove(b + 1, b, 24);
        Assert.Equal(new double[] { 0, 0, 3, 4, 5 }, a);
        Assert.Equal(new double[] { 1, 1, 2, 3, 5 }, b.Array);
        Assert.Equal(0, memcmp(b, b.Array!, 40));
        b = Realloc(b, 48);
        Assert.Equal(6, b.Array!.Length);
        free(b);
        free(a);
        Ptr<sbyte> s = Lit("hello, world");
        Ptr<sbyte> comma = strchr(s, ',');
        Assert.Equal(5L, comma - s);
        Assert.Equal(12UL, strlen(s));
        Assert.True(isdigit('7') != 0 && toupper('a') == 'A');
    }
}
