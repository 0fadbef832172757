namespace CloudMpi.Libc.Tests;

/// <summary>CProgram.Run: argv, exit codes, atexit, flushing, exceptions passing through.</summary>
public sealed class CProgramTests
{
    private sealed class FlushCountingWriter : StringWriter
    {
        public int Flushes { get; private set; }

        public override void Flush()
        {
            Flushes++;
            base.Flush();
        }
    }

    private static (int Code, string Out, string Err) RunWithState(Func<int> run)
    {
        var stdout = new StringWriter();
        var stderr = new StringWriter();
        using var scope = LibcState.Enter(new LibcState(stdout, stderr));
        int code = run();
        return (code, stdout.ToString(), stderr.ToString());
    }

    [Fact]
    public void Argv_starts_with_the_program_name()
    {
        var (code, output, _) = RunWithState(() => CProgram.Run("prog", ["a", "b c"], (argc, argv) =>
        {
            for (int i = 0; i < argc; i++) Stdio.printf("argv[%d]=%s\n", i, argv[i]);
            return argc;
        }));
        Assert.Equal(3, code);
        Assert.Equal("argv[0]=prog\nargv[1]=a\nargv[2]=b c\n", output);
    }

    [Fact]
    public void Exit_code_becomes_the_return_value_and_output_is_flushed()
    {
        var stdout = new FlushCountingWriter();
        using var scope = LibcState.Enter(new LibcState(stdout, TextWriter.Null));
        int code = CProgram.Run("prog", [], () =>
        {
            Stdio.printf("before\n");
            Stdlib.exit(7);
            Stdio.printf("after\n");
            return 0;
        });
        Assert.Equal(7, code);
        Assert.Equal("before\n", stdout.ToString());
        Assert.True(stdout.Flushes >= 1);
    }

    [Fact]
    public void Main_return_value_is_returned()
    {
        var (code, _, _) = RunWithState(() => CProgram.Run("prog", [], () => 42));
        Assert.Equal(42, code);
    }

    [Fact]
    public void Other_exceptions_are_not_caught_but_output_is_flushed()
    {
        var stdout = new FlushCountingWriter();
        using var scope = LibcState.Enter(new LibcState(stdout, TextWriter.Null));
        var e = Assert.Throws<InvalidOperationException>(() =>
            CProgram.Run("prog", [], () => throw new InvalidOperationException("boom")));
        Assert.Equal("boom", e.Message);
        Assert.True(stdout.Flushes >= 1);
    }

    [Fact]
    public void Atexit_handlers_run_in_reverse_order_after_main_and_exit()
    {
        var (code, output, _) = RunWithState(() => CProgram.Run("prog", [], () =>
        {
            Stdlib.atexit(() => Stdio.puts("first registered"));
            Stdlib.atexit(() => Stdio.puts("second registered"));
            Stdlib.exit(3);
            return 0;
        }));
        Assert.Equal(3, code);
        Assert.Equal("second registered\nfirst registered\n", output);
    }

    [Fact]
    public void Abort_returns_134_without_atexit_handlers()
    {
        var (code, output, _) = RunWithState(() => CProgram.Run("prog", [], () =>
        {
            Stdlib.atexit(() => Stdio.puts("handler"));
            Stdlib.abort();
            return 0;
        }));
        Assert.Equal(134, code);
        Assert.Equal("", output);
    }

    [Fact]
    public void Exit_exception_carries_the_code()
    {
        var e = Assert.Throws<ExitException>(() => Stdlib.exit(42));
        Assert.Equal(42, e.Code);
    }

    [Theory]
    [InlineData(-5, 251)]
    [InlineData(256, 0)]
    [InlineData(768, 0)]
    [InlineData(300, 44)]
    public void Exit_status_is_its_low_8_bits_as_the_parent_sees_it(int status, int code)
    {
        Assert.Equal(code, Assert.Throws<ExitException>(() => Stdlib.exit(status)).Code);
        Assert.Equal(code, Assert.Throws<ExitException>(() => Stdlib._Exit(status)).Code);
    }
}
