using System.Runtime.InteropServices;

namespace CloudMpi.Run.Compilation;

/// <summary>
/// Finds the framework assemblies user programs compile against: the reference pack
/// (<c>packs/Microsoft.NETCore.App.Ref/&lt;version&gt;/ref/net&lt;major&gt;.&lt;minor&gt;/*.dll</c>)
/// under the dotnet root, or, without one (a machine with only the runtime), the
/// implementation assemblies the runtime itself was started with (TRUSTED_PLATFORM_ASSEMBLIES).
/// </summary>
public static class FrameworkReferences
{
    public static IReadOnlyList<string> Find()
    {
        string? refDir = FindRefPackDirectory();
        if (refDir is not null)
        {
            string[] dlls = Directory.GetFiles(refDir, "*.dll");
            if (dlls.Length > 0)
            {
                Array.Sort(dlls, StringComparer.Ordinal);
                return dlls;
            }
        }
        return FromTrustedPlatformAssemblies();
    }

    /// <summary>The ref pack directory matching the running framework's major.minor, newest patch first; null when absent.</summary>
    public static string? FindRefPackDirectory()
    {
        Version runtime = Environment.Version;
        string tfm = $"net{runtime.Major}.{runtime.Minor}";
        foreach (string root in DotnetRoots())
        {
            string packs = Path.Combine(root, "packs", "Microsoft.NETCore.App.Ref");
            if (!Directory.Exists(packs))
                continue;
            var candidates = new List<(Version v, string dir)>();
            foreach (string versionDir in Directory.GetDirectories(packs))
            {
                string name = Path.GetFileName(versionDir);
                int dash = name.IndexOf('-', StringComparison.Ordinal);
                string numeric = dash >= 0 ? name[..dash] : name;
                if (!Version.TryParse(numeric, out Version? v) || v.Major != runtime.Major || v.Minor != runtime.Minor)
                    continue;
                string dir = Path.Combine(versionDir, "ref", tfm);
                if (Directory.Exists(dir))
                    candidates.Add((v, dir));
            }
            if (candidates.Count > 0)
                return candidates.OrderByDescending(c => c.v).First().dir;
        }
        return null;
    }

    private static IEnumerable<string> DotnetRoots()
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (string? candidate in new[]
                 {
                     Environment.GetEnvironmentVariable("DOTNET_ROOT"),
                     RootFromRuntimeDirectory(),
                     RootFromProcessPath(),
                     "/usr/share/dotnet",
                     "/usr/lib/dotnet",
                     "/usr/local/share/dotnet",
                 })
        {
            if (string.IsNullOrEmpty(candidate))
                continue;
            string full = Path.GetFullPath(candidate);
            if (seen.Add(full))
                yield return full;
        }
    }

    // <root>/shared/Microsoft.NETCore.App/<version>/
    private static string? RootFromRuntimeDirectory()
    {
        string dir = RuntimeEnvironment.GetRuntimeDirectory().TrimEnd(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar);
        DirectoryInfo? d = new DirectoryInfo(dir).Parent?.Parent?.Parent;
        return d?.FullName;
    }

    private static string? RootFromProcessPath()
    {
        string? p = Environment.ProcessPath;
        if (p is null || !Path.GetFileNameWithoutExtension(p).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
            return null;
        try
        {
            var fi = new FileInfo(p);
            string resolved = fi.LinkTarget is null ? fi.FullName : (fi.ResolveLinkTarget(true)?.FullName ?? fi.FullName);
            return Path.GetDirectoryName(resolved);
        }
        catch (IOException)
        {
            return Path.GetDirectoryName(p);
        }
    }

    private static IReadOnlyList<string> FromTrustedPlatformAssemblies()
    {
        string tpa = AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") as string ?? "";
        string runtimeDir = Path.GetFullPath(RuntimeEnvironment.GetRuntimeDirectory());
        var list = tpa.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Where(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            // framework assemblies only: the launcher's own dependencies (Roslyn, CloudMpi) are added separately
            .Where(p => Path.GetFullPath(p).StartsWith(runtimeDir, StringComparison.Ordinal))
            .Order(StringComparer.Ordinal)
            .ToList();
        return list;
    }
}
