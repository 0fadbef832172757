using System.Text.RegularExpressions;

namespace CloudMpi.Run.Tests;

public class CompileTests
{
    private const string WithLineDirectives = """
        // Translated by cmpi-translate from app.c
        using CloudMpi;
        using CloudMpi.Libc;
        using static CloudMpi.Libc.Stdio;

        public static class App
        {
            public static int main(int argc, string[] argv)
            {
        #line 12 "app.c"
                int x = undefined_thing;
        #line 13 "app.c"
                printf("should never run %d\n", x);
        #line default
                return 0;
            }

            public static int Main(string[] args) => CProgram.Run("app", args, main);
        }
        """;

    [Fact]
    public void CompileErrorIsReportedAtTheCLineAndNothingRuns()
    {
        using var s = new Scratch();
        string app = s.Write("App.cs", WithLineDirectives);

        Ran check = Cmpi.InProc(s, "--check", app);
        Assert.Equal(1, check.ExitCode);
        // "        int x = undefined_thing;": the name starts in column 17 of that line
        Assert.Contains("app.c:12:17: error: The name 'undefined_thing' does not exist in the current context [CS0103]", check.Stderr);
        Assert.DoesNotContain(app + ":", check.Stderr);

        Ran run = Cmpi.InProc(s, "-n", "2", app);
        Assert.Equal(1, run.ExitCode);
        Assert.Contains("app.c:12:17: error:", run.Stderr);
        Assert.Equal("", run.Stdout);
        Assert.Null(run.Result!.Job);
    }

    [Fact]
    public void UnmappedDiagnosticsNameTheCSharpFile()
    {
        using var s = new Scratch();
        string app = s.Write("Broken.cs", Sources.Program("Broken", """
                return "not an int";
        """));
        Ran check = Cmpi.InProc(s, "--check", app);
        Assert.Equal(1, check.ExitCode);
        Assert.Matches(new Regex("^" + Regex.Escape(app) + @":\d+:\d+: error: .* \[CS0029\]$", RegexOptions.Multiline), check.Stderr);
    }

    [Fact]
    public void WarningsFailCheckButCleanCodePasses()
    {
        using var s = new Scratch();
        string warn = s.Write("Warn.cs", Sources.Program("Warn", """
                int unused = 42;
                cMPI.Finalize();
                return 0;
        """));
        Ran w = Cmpi.InProc(s, "--check", warn);
        Assert.Equal(1, w.ExitCode);
        Assert.Matches(new Regex(Regex.Escape(warn) + @":\d+:\d+: warning: .*'unused'.* \[CS0219\]"), w.Stderr);

        string clean = s.Write("Hello.cs", Sources.Hello);
        Ran c = Cmpi.InProc(s, "--check", clean);
        Assert.True(c.ExitCode == 0, c.ToString());
        Assert.Equal("", c.Stderr);
        Assert.Equal("", c.Stdout);
    }

    [Fact]
    public void NullableAnnotationsAreNotEnabledForUserCode()
    {
        using var s = new Scratch();
        // with nullable enabled this would warn CS8600 (null into a non-nullable local)
        string app = s.Write("Nulls.cs", Sources.Program("Nulls", """
                string name = null;
                if (argc > 100) printf("%s\n", name);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "--check", app);
        Assert.True(r.ExitCode == 0, r.ToString());
    }

    [Fact]
    public void UnsafeCodeIsRejected()
    {
        using var s = new Scratch();
        string app = s.Write("Unsafe.cs", Sources.Program("Unsafe", """
                unsafe { int* p = &rank; *p = 1; }
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "--check", app);
        Assert.Equal(1, r.ExitCode);
        Assert.Contains("[CS0227]", r.Stderr);
    }
}
