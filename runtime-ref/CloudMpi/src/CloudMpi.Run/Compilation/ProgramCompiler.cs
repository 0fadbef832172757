using System.Diagnostics;
using System.Reflection;
using System.Text;

namespace CloudMpi.Run.Compilation;

/// <summary>
/// Turns App.cs into assembly bytes: from the cache when an identical program was
/// compiled against the same runtime and compiler before, otherwise with Roslyn
/// (and then stores the bytes in the cache). Cache entries are keyed by the SHA-256 of
/// the source text, its path (it is in the PDB), the MVIDs of CloudMpi.dll,
/// CloudMpi.Libc.dll and cmpi-run.dll, the Roslyn version and the runtime version.
/// </summary>
public sealed class ProgramCompiler
{
    private const string CacheFormat = "cmpi-cache-v1";

    /// <summary>Null: no caching at all.</summary>
    public string? CacheDirectory { get; }

    /// <summary>The warm compile server to ask first; null: always compile in this process.</summary>
    internal Server.CompileServerClient? CompileServer { get; }

    public ProgramCompiler(string? cacheDirectory) => CacheDirectory = cacheDirectory;

    internal ProgramCompiler(string? cacheDirectory, Server.CompileServerClient? compileServer)
    {
        CacheDirectory = cacheDirectory;
        CompileServer = compileServer;
    }

    /// <summary><c>$XDG_CACHE_HOME/cmpi</c>, or <c>~/.cache/cmpi</c>.</summary>
    public static string DefaultCacheDirectory(Func<string, string?>? getEnv = null)
    {
        getEnv ??= Environment.GetEnvironmentVariable;
        string? xdg = getEnv("XDG_CACHE_HOME");
        if (!string.IsNullOrEmpty(xdg) && Path.IsPathRooted(xdg))
            return Path.Combine(xdg, "cmpi");
        string home = getEnv("HOME") is { Length: > 0 } h ? h : Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
        return Path.Combine(home, ".cache", "cmpi");
    }

    /// <summary>CloudMpi.dll and CloudMpi.Libc.dll as loaded in the default context (user code compiles against these).</summary>
    public static IReadOnlyList<Assembly> RuntimeAssemblies { get; } =
    [
        typeof(global::CloudMpi.cMPI).Assembly,
        typeof(global::CloudMpi.Libc.LibcState).Assembly,
    ];

    public CompileResult Compile(string displayPath, string source, bool forceCompile = false)
    {
        var sw = Stopwatch.StartNew();
        string? cacheFile = CacheDirectory is null ? null : Path.Combine(CacheDirectory, CacheKey(displayPath, source) + ".dll");
        PhaseTrace.Mark("cache key");

        if (cacheFile is not null && !forceCompile)
        {
            byte[]? cached = TryRead(cacheFile);
            if (cached is not null)
            {
                CompileCachePruning.Touch(cacheFile);
                return new CompileResult { Image = cached, Diagnostics = [], FromCache = true, Elapsed = sw.Elapsed };
            }
        }

        // the server writes the cache entry itself (the reply names it)
        CompileResult? served = CompileServer?.TryCompile(displayPath, source, cacheFile is null ? null : Path.GetFullPath(cacheFile));
        if (served is not null)
        {
            return new CompileResult
            {
                Image = served.Image,
                Diagnostics = served.Diagnostics,
                FromCache = false,
                Elapsed = sw.Elapsed,
            };
        }
        CompileResult result = RoslynCompiler.Compile(displayPath, source, AssemblyNameFor(displayPath),
                                                      RuntimeAssemblies.Select(a => a.Location).ToList());
        if (result.Success && cacheFile is not null)
            TryWrite(cacheFile, result.Image!);
        return new CompileResult
        {
            Image = result.Image,
            Diagnostics = result.Diagnostics,
            FromCache = false,
            Elapsed = sw.Elapsed,
            ParseTime = result.ParseTime,
            RoslynTime = result.Elapsed,
        };
    }

    public static string CacheKey(string displayPath, string source)
    {
        var sb = new StringBuilder();
        sb.Append(BuildText());
        // the full path: `cmpi-run App.cs` in its folder and `cmpi-run /home/me/port/App.cs` (cmpi-translate's compile
        // check) are one program; two files of the same text in two folders are two (each image names its own file)
        sb.Append("path=").Append(FullPath(displayPath)).Append('\n');
        sb.Append("source=").Append(source.Length).Append('\n').Append(source);
        byte[] hash = Sha256.Hash(Encoding.UTF8.GetBytes(sb.ToString()));  // the framework's SHA-256 loads OpenSSL: Sha256
        return Convert.ToHexStringLower(hash);
    }

    private static string FullPath(string path)
    {
        try
        {
            return Path.GetFullPath(path);
        }
        catch (Exception e) when (e is ArgumentException or NotSupportedException or PathTooLongException or System.Security.SecurityException)
        {
            return path;
        }
    }

    /// <summary>The lines of the cache key that name this build: the compiler, the runtime, the launcher's and the
    /// runtime assemblies' module ids (also the compile server's version key).</summary>
    internal static string BuildText()
    {
        var sb = new StringBuilder();
        sb.Append(CacheFormat).Append('\n');
        sb.Append("roslyn=").Append(CompilerVersion()).Append('\n');
        sb.Append("runtime=").Append(Environment.Version).Append('\n');
        sb.Append("launcher=").Append(typeof(ProgramCompiler).Assembly.ManifestModule.ModuleVersionId).Append('\n');
        foreach (Assembly a in RuntimeAssemblies)
            sb.Append(a.GetName().Name).Append('=').Append(a.ManifestModule.ModuleVersionId).Append('\n');
        return sb.ToString();
    }

    /// <summary>The Roslyn version cmpi-run was built against, read without loading Roslyn.</summary>
    private static string CompilerVersion()
    {
        foreach (AssemblyName n in typeof(ProgramCompiler).Assembly.GetReferencedAssemblies())
        {
            if (n.Name == "Microsoft.CodeAnalysis.CSharp")
                return n.Version?.ToString() ?? "?";
        }
        return "?";
    }

    internal static string AssemblyNameFor(string displayPath)
    {
        string name = Path.GetFileNameWithoutExtension(displayPath);
        var sb = new StringBuilder();
        foreach (char c in name)
            sb.Append(char.IsAsciiLetterOrDigit(c) || c is '_' or '-' or '.' ? c : '_');
        return sb.Length == 0 ? "App" : sb.ToString();
    }

    internal static byte[]? TryRead(string file)
    {
        try
        {
            if (!File.Exists(file))
                return null;
            byte[] bytes = File.ReadAllBytes(file);
            // a PE image starts with "MZ"; anything else is a damaged entry: recompile
            return bytes.Length > 128 && bytes[0] == (byte)'M' && bytes[1] == (byte)'Z' ? bytes : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>Writes to a temporary file in the same directory and renames it over the entry, so readers never see half a file.</summary>
    internal static bool TryWrite(string file, byte[] image)
    {
        string? tmp = null;
        try
        {
            Directory.CreateDirectory(Path.GetDirectoryName(file)!);
            tmp = $"{file}.{Environment.ProcessId}.{Guid.NewGuid():N}.tmp";
            using (var fs = new FileStream(tmp, FileMode.CreateNew, FileAccess.Write, FileShare.None))
            {
                fs.Write(image);
                fs.Flush(flushToDisk: true);
            }
            File.Move(tmp, file, overwrite: true);
            tmp = null;
            CompileCachePruning.Prune(Path.GetDirectoryName(file)!);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // a cache that cannot be written is only slower
            return false;
        }
        finally
        {
            if (tmp is not null)
            {
                try { File.Delete(tmp); } catch (Exception e) when (e is IOException or UnauthorizedAccessException) { }
            }
        }
    }
}
