using System.Diagnostics;
using CloudMpi.Run;

[assembly: CollectionBehavior(DisableTestParallelization = true)]

namespace CloudMpi.Run.Tests;

/// <summary>Hand-written programs in the style cmpi-translate emits (see docs/runtime-contract.md).</summary>
internal static class Sources
{
    public static string Program(string className, string mainBody, string members = "", string cFile = "app.c") =>
        $$"""
        // Translated by cmpi-translate from {{cFile}}
        using CloudMpi;
        using CloudMpi.Libc;
        using static CloudMpi.Datatype;
        using static CloudMpi.Op;
        using static CloudMpi.Libc.Stdio;
        using static CloudMpi.Libc.Stdlib;

        public static class {{className}}
        {
        {{members}}
            public static int main(int argc, string[] argv)
            {
                int rank = 0, size = 0;
                cMPI.Init(ref argc, ref argv);
                cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
                cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        {{mainBody}}
            }

            public static int Main(string[] args) => CProgram.Run("{{className.ToLowerInvariant()}}", args, main);
        }
        """;

    public static readonly string Hello = Program("Hello", """
                printf("Hello from rank %d of %d\n", rank, size);
                cMPI.Finalize();
                return 0;
        """);
}

/// <summary>A scratch directory with a private compiled-assembly cache.</summary>
internal sealed class Scratch : IDisposable
{
    public string Dir { get; } = Directory.CreateTempSubdirectory("cmpi-run-test-").FullName;
    public string CacheHome => Path.Combine(Dir, "xdg-cache");
    public string CacheDir => Path.Combine(CacheHome, "cmpi");

    public string Write(string fileName, string text)
    {
        string p = Path.Combine(Dir, fileName);
        File.WriteAllText(p, text);
        return p;
    }

    public void Dispose()
    {
        try { Directory.Delete(Dir, recursive: true); } catch (IOException) { } catch (UnauthorizedAccessException) { }
    }
}

internal sealed record Ran(int ExitCode, string Stdout, string Stderr, TimeSpan Elapsed, LaunchResult? Result = null)
{
    public string[] StdoutLines => Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
    public override string ToString() => $"exit {ExitCode} after {Elapsed.TotalSeconds:0.00} s\n--- stdout\n{Stdout}\n--- stderr\n{Stderr}";
}

internal static class Cmpi
{
    /// <summary>Runs the launcher in this process (the same code path as cmpi-run's Main, without its process exit).</summary>
    public static Ran InProc(Scratch s, params string[] args)
    {
        var o = new StringWriter { NewLine = "\n" };
        var e = new StringWriter { NewLine = "\n" };
        var sw = Stopwatch.StartNew();
        LaunchResult r = Launcher.Run(args, o, e, cacheDirectory: s.CacheDir);
        return new Ran(r.ExitCode, o.ToString(), e.ToString(), sw.Elapsed, r);
    }

    /// <summary>The built cmpi-run.dll: copied next to the tests (with its runtimeconfig) by the project reference.</summary>
    public static string LauncherDll
    {
        get
        {
            string here = Path.Combine(AppContext.BaseDirectory, "cmpi-run.dll");
            Assert.True(File.Exists(here), $"cmpi-run.dll not found next to the tests ({AppContext.BaseDirectory})");
            Assert.True(File.Exists(Path.ChangeExtension(here, ".runtimeconfig.json")), "cmpi-run.runtimeconfig.json missing next to the tests");
            return here;
        }
    }

    /// <summary>Runs <c>dotnet cmpi-run.dll args...</c> as its own process, killed (and the test failed) after <paramref name="limit"/>.</summary>
    public static Ran Process(Scratch s, TimeSpan limit, params string[] args) => ProcessWithInput(s, limit, "", args);

    /// <summary><see cref="Process"/> with <paramref name="stdin"/> written to cmpi-run's standard input, then closed.</summary>
    public static Ran ProcessWithInput(Scratch s, TimeSpan limit, string stdin, params string[] args) =>
        ProcessWithEnvironment(s, limit, stdin, new Dictionary<string, string>(), args);

    /// <summary><see cref="ProcessWithInput"/> with <paramref name="environment"/> added to cmpi-run's environment.</summary>
    public static Ran ProcessWithEnvironment(Scratch s, TimeSpan limit, string stdin, IReadOnlyDictionary<string, string> environment, params string[] args)
    {
        var psi = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
            WorkingDirectory = s.Dir,
        };
        psi.ArgumentList.Add(LauncherDll);
        foreach (string a in args)
            psi.ArgumentList.Add(a);
        psi.Environment["XDG_CACHE_HOME"] = s.CacheHome;
        psi.Environment.Remove("CMPI_DEADLOCK_TIMEOUT");
        foreach (var (name, value) in environment) psi.Environment[name] = value;

        var sw = Stopwatch.StartNew();
        using var p = System.Diagnostics.Process.Start(psi)!;
        p.StandardInput.Write(stdin);
        p.StandardInput.Close();
        Task<string> stdout = p.StandardOutput.ReadToEndAsync();
        Task<string> stderr = p.StandardError.ReadToEndAsync();
        if (!p.WaitForExit(limit))
        {
            p.Kill(entireProcessTree: true);
            p.WaitForExit();
            Assert.Fail($"cmpi-run {string.Join(' ', args)} did not end within {limit.TotalSeconds} s\n" +
                        $"--- stdout\n{stdout.Result}\n--- stderr\n{stderr.Result}");
        }
        p.WaitForExit();
        return new Ran(p.ExitCode, stdout.Result, stderr.Result, sw.Elapsed);
    }
}
