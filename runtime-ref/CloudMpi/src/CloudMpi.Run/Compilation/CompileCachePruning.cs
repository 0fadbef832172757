namespace CloudMpi.Run.Compilation;

/// <summary>
/// The compile cache keeps a bounded number of compiled ports. Each entry is named by its source, path and build
/// (<see cref="ProgramCompiler.CacheKey"/>), so every edit of a port, every moved folder and every runtime build leaves
/// a new entry beside the old ones that nothing reads again: a developer's cache held 2,921 entries (48 MB) after a few
/// days of this project's tests. When an entry is written, the least recently used entries beyond the newest
/// <see cref="KeepEntries"/> are removed (a cache hit renews its entry's time, <see cref="Touch"/>), and so are
/// temporary files that a killed writer left (older than an hour). An entry removed while in use is only compiled again
/// at its next run, never read half-written (writes are renames), so concurrent pruners need not agree.
/// </summary>
internal static class CompileCachePruning
{
    /// <summary>Entries kept: a thousand ports of ~16 KB (a few of them MBs), enough for every program of a batch port.</summary>
    public const int KeepEntries = 1000;

    private static readonly TimeSpan AbandonedAfter = TimeSpan.FromHours(1);

    /// <summary>Mark an entry used now (its modification time), so pruning takes the entries unused longest first.</summary>
    public static void Touch(string entry)
    {
        try
        {
            File.SetLastWriteTimeUtc(entry, DateTime.UtcNow);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // a read-only cache is still read; only its pruning order is older
        }
    }

    /// <summary>Remove the entries (<c>*.dll</c>) beyond the newest <paramref name="keep"/> and abandoned temporary
    /// files; errors are ignored (a cache that cannot be pruned is only bigger).</summary>
    public static void Prune(string directory, int keep = KeepEntries)
    {
        try
        {
            var entries = new List<(DateTime Used, string Path)>();
            DateTime now = DateTime.UtcNow;
            foreach (var file in new DirectoryInfo(directory).EnumerateFiles())
            {
                if (file.Name.EndsWith(".dll", StringComparison.Ordinal))
                    entries.Add((file.LastWriteTimeUtc, file.FullName));
                else if (file.Name.EndsWith(".tmp", StringComparison.Ordinal) && now - file.LastWriteTimeUtc > AbandonedAfter)
                    TryDelete(file.FullName);
            }
            if (entries.Count <= keep) return;
            entries.Sort((a, b) => b.Used.CompareTo(a.Used));
            foreach (var (_, path) in entries.Skip(keep)) TryDelete(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Security.SecurityException)
        {
        }
    }

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
        }
    }
}
