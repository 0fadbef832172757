using System.Text;

namespace CloudMpi.Libc.Tests;

/// <summary>printf family plumbing: buffers, return values, streams, bytes.</summary>
public sealed class StdioTests
{
    private static (string Out, string Err) Capture(Action body)
    {
        var stdout = new StringWriter();
        var stderr = new StringWriter();
        using (LibcState.Enter(new LibcState(stdout, stderr))) body();
        return (stdout.ToString(), stderr.ToString());
    }

    [Fact]
    public void Printf_and_fprintf_go_to_the_rank_streams_and_return_byte_counts()
    {
        int n1 = 0, n2 = 0;
        var (o, e) = Capture(() =>
        {
            n1 = Stdio.printf("%d %s|%5.2f\n", 12, "h\u00e9", 3.14159);
            n2 = Stdio.fprintf(Stdio.stderr, "error %u\n", 3u);
        });
        Assert.Equal("12 h\u00e9| 3.14\n", o);
        Assert.Equal("error 3\n", e);
        Assert.Equal(13, n1); // "\u00e9" is two bytes, as in C
        Assert.Equal(8, n2);
    }

    [Fact]
    public void Formatting_ahead_takes_every_sample_it_formats()
    {
        // cmpi-run's precompile thread calls it and ignores a refusal (its methods then compile at their first call):
        // a sample the formatter refuses would pass unnoticed there
        Assert.True(CFormat.CompileAhead() > 1000);
    }

    [Fact]
    public void A_nul_ends_a_format_a_string_argument_and_puts_as_in_C()
    {
        int n = 0;
        var (o, _) = Capture(() =>
        {
            n = Stdio.printf("one\0two %d\n", 5);
            Stdio.printf("[%s] [%.1s]\n", "x\0y", "pq\0r");
            Stdio.puts("left\0right");
        });
        Assert.Equal("one[x] [p]\nleft\n", o);
        Assert.Equal(3, n);
    }

    [Fact]
    public void Zero_is_a_zero_the_compiler_does_not_fold()
    {
        Assert.Equal(0L, CExpr.Zero<long>());
        Assert.Throws<DivideByZeroException>(() => 1u / CExpr.Zero<uint>()); // C's x / 0 traps when it runs
    }

    [Fact]
    public void Puts_putchar_fputs_fputc()
    {
        var (o, e) = Capture(() =>
        {
            Stdio.puts("line");
            Stdio.putchar('x');
            Stdio.putchar('\n');
            Stdio.fputs("to err", Stdio.stderr);
            Stdio.fputc('!', Stdio.stderr);
            Stdio.puts(CStrings.FromString("from buffer"));
            Assert.Equal(0, Stdio.fflush(Stdio.stdout));
            Assert.Equal(0, Stdio.fflush(null));
        });
        Assert.Equal("line\nx\nfrom buffer\n", o);
        Assert.Equal("to err!", e);
    }

    [Fact]
    public void Utf8_bytes_written_one_at_a_time_are_reassembled()
    {
        var (o, _) = Capture(() =>
        {
            Stdio.printf("%c", 0xC3);
            Stdio.printf("%c", 0xA9);
            Stdio.putchar(0xE2);
            Stdio.putchar(0x82);
            Stdio.putchar(0xAC);
        });
        Assert.Equal("\u00e9\u20ac", o);
    }

    [Fact]
    public void Sprintf_writes_a_nul_terminated_string_at_an_offset()
    {
        var buf = new sbyte[32];
        Array.Fill(buf, (sbyte)'#');
        int n = Stdio.sprintf(buf, 4, "%03d-%s", 7, "ab");
        Assert.Equal(6, n);
        Assert.Equal("007-ab", CStrings.ToString(buf, 4));
        Assert.Equal((sbyte)'#', buf[3]);
        Assert.Equal(0, buf[10]);

        n = Stdio.sprintf(buf, "%x", 255);
        Assert.Equal(2, n);
        Assert.Equal("ff", CStrings.ToString(buf));
    }

    [Fact]
    public void Sprintf_overflow_is_an_error_not_corruption()
    {
        var buf = new sbyte[4];
        Assert.Throws<IndexOutOfRangeException>(() => Stdio.sprintf(buf, "%s", "toolong"));
    }

    [Fact]
    public void Snprintf_truncates_and_returns_the_full_length()
    {
        var buf = new sbyte[8];
        int n = Stdio.snprintf(buf, 5, "%d", 123456789);
        Assert.Equal(9, n);
        Assert.Equal("1234", CStrings.ToString(buf));
        Assert.Equal(9, Stdio.snprintf(null, 0, "%d", 123456789));
        n = Stdio.snprintf(buf, 2, 6, "%s", "abcdef");
        Assert.Equal(6, n);
        Assert.Equal("abcde", CStrings.ToString(buf, 2));
        Assert.Equal(3, Stdio.snprintf(buf, 8UL, "abc"));
    }

    [Fact]
    public void Percent_s_accepts_sbyte_and_byte_buffers_and_stops_at_nul()
    {
        var s = CStrings.FromString("hello");
        Assert.Equal("[hello][hel][hi]", CFormat.Format("[%s][%.3s][%s]", s, s, new byte[] { (byte)'h', (byte)'i', 0, (byte)'x' }));
        Assert.Equal("[llo]", CFormat.Format("[%s]", new ArraySegment<sbyte>(s, 2, 4)));
    }

    [Fact]
    public void Va_arg_reinterprets_like_c()
    {
        Assert.Equal("-1 4294967295 -1 18446744073709551615", CFormat.Format("%d %u %ld %lu", uint.MaxValue, -1, ulong.MaxValue, -1L));
        Assert.Equal("-1", CFormat.Format("%d", 0xFFFFFFFFL)); // %d reads the low 32 bits
        Assert.Equal("-56 -12 200", CFormat.Format("%hhd %hd %hhu", 200, 65524, -56));
        Assert.Equal("A 1 65", CFormat.Format("%c %d %d", 'A', true, 'A'));
        Assert.Equal("1.500000", CFormat.Format("%f", 1.5f));
    }

    [Fact]
    public void Argument_errors_are_reported()
    {
        Assert.Throws<FormatException>(() => CFormat.Format("%d %d", 1));
        Assert.Throws<FormatException>(() => CFormat.Format("%f", 1));
        Assert.Throws<FormatException>(() => CFormat.Format("%d", 1.0));
    }

    [Fact]
    public void Custom_file_streams_write_to_their_writer()
    {
        var w = new StringWriter();
        var f = new FILE(w);
        Stdio.fprintf(f, "%s=%d\n", "x", 5);
        Assert.Equal("x=5\n", w.ToString());
        Assert.Equal("stdout", Stdio.stdout.ToString());
    }

    [Fact]
    public void Format_with_sbyte_format_string()
    {
        var (o, _) = Capture(() => Stdio.printf(CStrings.FromString("%d-%d\n"), 1, 2));
        Assert.Equal("1-2\n", o);
        Assert.Equal(Encoding.UTF8.GetBytes("\u00e9=1"), CFormat.FormatBytes("\u00e9=%d", 1));
    }
}
