using static CloudMpi.Libc.CString;
using static CloudMpi.Libc.Stdio;

namespace CloudMpi.Libc.Tests;

/// <summary>
/// stdio files against glibc: the same sequence of calls, written once in C and once as the
/// translator emits it, must print the same log (positions, return values, what was read).
/// </summary>
public sealed class FileDifferentialTests
{
    private const string Source = """
        #include <errno.h>
        #include <stdio.h>
        #include <string.h>

        static char dir[512], p1[600], p2[600], buf[64], w[16];

        int main(void) {
            fgets(dir, sizeof dir, stdin);
            dir[strcspn(dir, "\n")] = 0;
            sprintf(p1, "%s/t1.txt", dir);
            sprintf(p2, "%s/t2.bin", dir);
            int c, k;
            char *r;
            size_t z1, z2;
            FILE *f = fopen(p1, "w");
            printf("fprintf %d\n", fprintf(f, "%d %s %.2f\n", 42, "abc", 3.14159));
            printf("fputs %d\n", fputs("line two\n", f));
            printf("fputc %d\n", fputc('Z', f));
            fputs("\n7 8.5 word\n", f);
            printf("ftell %ld\n", ftell(f));
            c = fgetc(f);
            printf("fgetc on w %d ferror %d\n", c, ferror(f) != 0);
            printf("fclose %d\n", fclose(f));

            f = fopen(p1, "r");
            printf("fgets [%s]\n", fgets(buf, sizeof buf, f));
            c = fgetc(f);
            printf("fgetc %d ungetc %d\n", c, ungetc(c, f));
            r = fgets(buf, 5, f);
            printf("fgets5 [%s] ftell %ld\n", r, ftell(f));
            printf("fputc on r %d\n", fputc('q', f));
            printf("fseek %d\n", fseek(f, -5, SEEK_END));
            r = fgets(buf, sizeof buf, f);
            printf("fgets [%s] feof %d\n", r, feof(f) != 0);
            r = fgets(buf, sizeof buf, f);
            printf("fgets null %d feof %d\n", r == NULL, feof(f) != 0);
            rewind(f);
            int a = 0; double x = 0;
            printf("fscanf %d", fscanf(f, "%d %15s %lf", &a, w, &x));
            printf(" %d %s %.3f ftell %ld\n", a, w, x, ftell(f));
            printf("fscanf2 %d", fscanf(f, "%s", w));
            printf(" [%s] %d\n", w, fgetc(f));
            fseek(f, 0, SEEK_SET);
            int lines = 0, bytes = 0;
            while ((c = fgetc(f)) != EOF) { bytes++; if (c == '\n') lines++; }
            printf("lines %d bytes %d feof %d ferror %d\n", lines, bytes, feof(f) != 0, ferror(f) != 0);
            printf("fscanf at eof %d\n", fscanf(f, "%d", &a));
            clearerr(f);
            printf("after clearerr feof %d\n", feof(f) != 0);
            fclose(f);

            f = fopen(p2, "wb");
            int arr[5] = {1, -2, 300000, 4, -5};
            double d[2] = {0.1, -2.5e300};
            z1 = fwrite(arr, sizeof(int), 5, f);
            z2 = fwrite(d, sizeof(double), 2, f);
            printf("fwrite %zu %zu\n", z1, z2);
            fclose(f);
            f = fopen(p2, "rb");
            int back[5] = {0}; double dback[3] = {0};
            printf("fread %zu", fread(back, sizeof(int), 5, f));
            printf(" %d %d %d %d %d", back[0], back[1], back[2], back[3], back[4]);
            z1 = fread(dback, sizeof(double), 3, f);
            printf(" fread %zu %.17g %.17g feof %d\n", z1, dback[0], dback[1], feof(f) != 0);
            fseek(f, 2, SEEK_SET);
            short s2 = 0;
            z1 = fread(&s2, 2, 1, f);
            printf("fread short %zu %d ftell %ld\n", z1, s2, ftell(f));
            fclose(f);

            f = fopen(p1, "a");
            fputs("appended\n", f);
            fclose(f);
            f = fopen(p1, "r+");
            fseek(f, 0, SEEK_END);
            printf("size %ld\n", ftell(f));
            fseek(f, 0, SEEK_SET);
            fputc('X', f);
            fseek(f, 0, SEEK_SET);
            c = fgetc(f);
            k = fgetc(f);
            printf("r+ %c%c\n", c, k);
            fclose(f);
            f = fopen(p1, "w+");
            fputs("fresh", f);
            rewind(f);
            printf("w+ [%s]\n", fgets(buf, sizeof buf, f));
            fclose(f);

            errno = 0;
            f = fopen("/nonexistent-dir/x", "r");
            printf("missing %d errno %d\n", f == NULL, errno);
            printf("remove %d", remove(p2));
            k = remove(p2);
            printf(" again %d errno %d\n", k, errno);
            remove(p1);
            return 0;
        }
        """;

    private static string Ours(string dir)
    {
        var log = new StringWriter();
        using (LibcState.Enter(new LibcState(log, TextWriter.Null)))
        {
            var p1 = Lit(dir + "/t1.txt");
            var p2 = Lit(dir + "/t2.bin");
            var buf = new sbyte[64];
            var w = new sbyte[16];
            FILE f = fopen(p1, "w");
            printf("fprintf %d\n", fprintf(f, "%d %s %.2f\n", 42, "abc", 3.14159));
            printf("fputs %d\n", fputs("line two\n", f));
            printf("fputc %d\n", fputc('Z', f));
            fputs("\n7 8.5 word\n", f);
            printf("ftell %ld\n", ftell(f));
            printf("fgetc on w %d ferror %d\n", fgetc(f), ferror(f) != 0 ? 1 : 0);
            printf("fclose %d\n", fclose(f));

            f = fopen(p1, "r");
            printf("fgets [%s]\n", fgets(buf, 64, f));
            int c = fgetc(f);
            printf("fgetc %d ungetc %d\n", c, ungetc(c, f));
            printf("fgets5 [%s] ftell %ld\n", fgets(buf, 5, f), ftell(f));
            printf("fputc on r %d\n", fputc('q', f));
            printf("fseek %d\n", fseek(f, -5, SEEK_END));
            printf("fgets [%s] feof %d\n", fgets(buf, 64, f), feof(f) != 0 ? 1 : 0);
            printf("fgets null %d feof %d\n", fgets(buf, 64, f).IsNull ? 1 : 0, feof(f) != 0 ? 1 : 0);
            rewind(f);
            int a = 0;
            double x = 0;
            printf("fscanf %d", fscanf(f, "%d %15s %lf", ref a, ref w, ref x));
            printf(" %d %s %.3f ftell %ld\n", a, w, x, ftell(f));
            printf("fscanf2 %d", fscanf(f, "%s", w));
            printf(" [%s] %d\n", w, fgetc(f));
            fseek(f, 0, SEEK_SET);
            int lines = 0, bytes = 0;
            while ((c = fgetc(f)) != EOF)
            {
                bytes++;
                if (c == '\n') lines++;
            }

            printf("lines %d bytes %d feof %d ferror %d\n", lines, bytes, feof(f) != 0 ? 1 : 0, ferror(f) != 0 ? 1 : 0);
            printf("fscanf at eof %d\n", fscanf(f, "%d", ref a));
            clearerr(f);
            printf("after clearerr feof %d\n", feof(f) != 0 ? 1 : 0);
            fclose(f);

            f = fopen(p2, "wb");
            int[] arr = [1, -2, 300000, 4, -5];
            double[] d = [0.1, -2.5e300];
            printf("fwrite %zu %zu\n", fwrite(arr, 4UL, 5, f), fwrite(d, 8UL, 2, f));
            fclose(f);
            f = fopen(p2, "rb");
            var back = new int[5];
            var dback = new double[3];
            printf("fread %zu", fread(back, 4UL, 5, f));
            printf(" %d %d %d %d %d", back[0], back[1], back[2], back[3], back[4]);
            printf(" fread %zu %.17g %.17g feof %d\n", fread(dback, 8UL, 3, f), dback[0], dback[1], feof(f) != 0 ? 1 : 0);
            fseek(f, 2, SEEK_SET);
            var s2 = new short[1];
            printf("fread short %zu %d ftell %ld\n", fread(s2, 2, 1, f), (int)s2[0], ftell(f));
            fclose(f);

            f = fopen(p1, "a");
            fputs("appended\n", f);
            fclose(f);
            f = fopen(p1, "r+");
            fseek(f, 0, SEEK_END);
            printf("size %ld\n", ftell(f));
            fseek(f, 0, SEEK_SET);
            fputc('X', f);
            fseek(f, 0, SEEK_SET);
            int c1 = fgetc(f), c2 = fgetc(f);
            printf("r+ %c%c\n", c1, c2);
            fclose(f);
            f = fopen(p1, "w+");
            fputs("fresh", f);
            rewind(f);
            printf("w+ [%s]\n", fgets(buf, 64, f));
            fclose(f);

            LibcState.Current.Errno = 0;
            f = fopen("/nonexistent-dir/x", "r");
            printf("missing %d errno %d\n", f is null ? 1 : 0, LibcState.Current.Errno);
            printf("remove %d", remove(p2));
            printf(" again %d errno %d\n", remove(p2), LibcState.Current.Errno);
            remove(p1);
        }

        return log.ToString();
    }

    [Fact]
    public void File_functions_match_glibc()
    {
        string root = Path.Combine(Path.GetTempPath(), "cloudmpi-files-" + Environment.ProcessId);
        string cDir = Path.Combine(root, "c"), csDir = Path.Combine(root, "cs");
        Directory.CreateDirectory(cDir);
        Directory.CreateDirectory(csDir);
        try
        {
            string[] expected = CHarness.Run(Source, cDir + "\n");
            string[] ours = Ours(csDir).Split('\n', StringSplitOptions.RemoveEmptyEntries);
            Assert.Equal(expected, ours);
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Fact]
    public void Stdin_is_per_rank_and_scanf_reads_it()
    {
        var log = new StringWriter();
        var input = new MemoryStream("12 abc\n3.5\nrest of line\n"u8.ToArray());
        using (LibcState.Enter(new LibcState(log, TextWriter.Null, input)))
        {
            int n = 0;
            var word = new sbyte[8];
            double x = 0;
            Assert.Equal(2, scanf("%d %7s", ref n, ref word));
            Assert.Equal(1, scanf("%lf", ref x));
            Assert.Equal('\n', getchar());
            var line = new sbyte[32];
            Assert.False(fgets(line, 32, stdin).IsNull);
            Assert.Equal((12, "abc", 3.5, "rest of line\n"), (n, Str(word), x, Str(line)));
            Assert.Equal(EOF, getchar());
            Assert.Equal(EOF, scanf("%d", ref n));
        }

        using (LibcState.Enter(new LibcState(log, TextWriter.Null)))
        {
            int n = 5;
            Assert.Equal(EOF, scanf("%d", ref n)); // ranks without stdin see an empty one
            Assert.Equal(5, n);
        }
    }

    [Fact]
    public void Sscanf_out_arguments_by_ref_by_pointer_and_through_Target()
    {
        using var _ = LibcState.Enter(new LibcState(TextWriter.Null, TextWriter.Null));
        Ptr<sbyte> line = Lit("7 -3 2.5 name 0x1f");
        int a = 0;
        var pair = new long[2];
        float f = 0;
        var name = new sbyte[10];
        uint h = 0;
        Ptr<long> second = new(pair, 1);
        Assert.Equal(5, sscanf(line, "%d %ld %f %s %x", ref a, ref second, ref f, ref name, ref h));
        Assert.Equal((7, -3L, 2.5f, "name", 31u), (a, pair[1], f, Str(name), h));
        Assert.Equal(1, sscanf("xyz", "%2s", ref Target(new Ptr<sbyte>(name, 4))));
        Assert.Equal("namexy", Str(name));
        var ints = new int[2];
        Assert.Equal(2, sscanf("4,5", "%d,%d", ints, new Ptr<int>(ints, 1))); // all pointers: no ref needed
        Assert.Equal(new[] { 4, 5 }, ints);
        Assert.Throws<ArgumentException>(() => sscanf("4", "%d", a));
        Assert.Equal("pointer out of bounds: offset 10 in array of 10",
            Assert.Throws<PointerException>(() => sscanf("waytoolongforit", "%s", name)).Message);
    }
}
