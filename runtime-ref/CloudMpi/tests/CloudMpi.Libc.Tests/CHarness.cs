using System.Diagnostics;
using System.Security.Cryptography;
using System.Text;

namespace CloudMpi.Libc.Tests;

/// <summary>
/// Builds small C programs with the machine's cc and runs them: the reference the
/// C library is compared against. A missing compiler fails the test (never a skip).
/// </summary>
internal static class CHarness
{
    private static readonly string WorkDir = Path.Combine(Path.GetTempPath(), "cloudmpi-libc-tests-" + Environment.ProcessId);

    public static string FindCompiler()
    {
        foreach (var name in new[] { Environment.GetEnvironmentVariable("CC"), "cc", "gcc" })
        {
            if (string.IsNullOrEmpty(name)) continue;
            if (Path.IsPathRooted(name) && File.Exists(name)) return name;
            foreach (var dir in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator))
            {
                if (dir.Length == 0) continue;
                var candidate = Path.Combine(dir, name);
                if (File.Exists(candidate)) return candidate;
            }
        }

        Assert.Fail("no C compiler (cc) found on PATH: the differential tests against glibc need one (apt-get install gcc)");
        return "";
    }

    /// <summary>Compiles <paramref name="source"/> (cached by content) and returns the executable's path.</summary>
    public static string Build(string source)
    {
        Directory.CreateDirectory(WorkDir);
        string hash = Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(source)))[..16];
        string exe = Path.Combine(WorkDir, "prog-" + hash);
        if (File.Exists(exe)) return exe;
        string src = exe + ".c";
        File.WriteAllText(src, source);
        var (code, stdout, stderr) = Exec(FindCompiler(), ["-std=gnu11", "-O0", "-w", "-o", exe, src, "-lm"], "");
        Assert.True(code == 0, $"cc failed ({code}):\n{stdout}\n{stderr}");
        return exe;
    }

    /// <summary>Builds and runs a C program with the given stdin; returns its stdout lines.</summary>
    public static string[] Run(string source, string stdin = "")
    {
        string exe = Build(source);
        var (code, stdout, stderr) = Exec(exe, [], stdin);
        Assert.True(code == 0, $"C harness exited with {code}:\n{stderr}");
        return stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
    }

    /// <summary>Builds and runs a C program that may fail: its exit status (128 + signal when killed), stdout, stderr and path.</summary>
    public static (int Code, string Stdout, string Stderr, string Exe) RunRaw(string source, string stdin = "")
    {
        string exe = Build(source);
        var (code, stdout, stderr) = Exec(exe, [], stdin);
        return (code, stdout, stderr, exe);
    }

    private static (int Code, string Stdout, string Stderr) Exec(string file, string[] args, string stdin)
    {
        var psi = new ProcessStartInfo(file)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var a in args) psi.ArgumentList.Add(a);
        using var p = Process.Start(psi) ?? throw new InvalidOperationException($"cannot start {file}");
        var outTask = p.StandardOutput.ReadToEndAsync();
        var errTask = p.StandardError.ReadToEndAsync();
        p.StandardInput.Write(stdin);
        p.StandardInput.Close();
        if (!p.WaitForExit(120_000))
        {
            p.Kill(entireProcessTree: true);
            Assert.Fail($"{file} did not finish in 120 s");
        }

        return (p.ExitCode, outTask.Result, errTask.Result);
    }
}
