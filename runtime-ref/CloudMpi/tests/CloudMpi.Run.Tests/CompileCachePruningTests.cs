using CloudMpi.Run.Compilation;

namespace CloudMpi.Run.Tests;

/// <summary>The compile cache keeps the entries used last, up to its bound, and drops what killed writers left.</summary>
public class CompileCachePruningTests
{
    private static byte[] Image(int n)
    {
        var bytes = new byte[200];
        bytes[0] = (byte)'M';
        bytes[1] = (byte)'Z';
        bytes[2] = (byte)n;
        return bytes;
    }

    /// <summary><paramref name="count"/> entries, entry i last used i minutes after the first.</summary>
    private static string[] Entries(string dir, int count)
    {
        Directory.CreateDirectory(dir);
        var start = DateTime.UtcNow.AddDays(-1);
        return Enumerable.Range(0, count).Select(i =>
        {
            string path = Path.Combine(dir, $"entry{i:D3}.dll");
            File.WriteAllBytes(path, Image(i));
            File.SetLastWriteTimeUtc(path, start.AddMinutes(i));
            return path;
        }).ToArray();
    }

    [Fact]
    public void AWriteBeyondTheBoundRemovesTheEntriesUnusedLongest()
    {
        using var s = new Scratch();
        var old = Entries(s.CacheDir, 10);
        Assert.NotNull(ProgramCompiler.TryRead(old[0]));
        CompileCachePruning.Touch(old[0]); // a cache hit: the oldest entry is now the newest

        CompileCachePruning.Prune(s.CacheDir, keep: 4);

        string[] left = Directory.GetFiles(s.CacheDir).Select(Path.GetFileName).Order().ToArray()!;
        Assert.Equal(["entry000.dll", "entry007.dll", "entry008.dll", "entry009.dll"], left);
    }

    [Fact]
    public void AnEntryWrittenIsKeptAndTheCacheStaysWithinItsBound()
    {
        using var s = new Scratch();
        Entries(s.CacheDir, CompileCachePruning.KeepEntries + 5);
        string fresh = Path.Combine(s.CacheDir, "fresh.dll");

        Assert.True(ProgramCompiler.TryWrite(fresh, Image(7)));

        Assert.Equal(CompileCachePruning.KeepEntries, Directory.GetFiles(s.CacheDir, "*.dll").Length);
        Assert.Equal(Image(7), ProgramCompiler.TryRead(fresh));
        Assert.False(File.Exists(Path.Combine(s.CacheDir, "entry000.dll")));
    }

    [Fact]
    public void AbandonedTemporaryFilesGoAndAWriteInProgressStays()
    {
        using var s = new Scratch();
        Entries(s.CacheDir, 2);
        string abandoned = Path.Combine(s.CacheDir, "x.dll.123.abc.tmp"), writing = Path.Combine(s.CacheDir, "y.dll.456.def.tmp");
        File.WriteAllBytes(abandoned, [1]);
        File.SetLastWriteTimeUtc(abandoned, DateTime.UtcNow.AddHours(-2));
        File.WriteAllBytes(writing, [1]);

        CompileCachePruning.Prune(s.CacheDir);

        Assert.False(File.Exists(abandoned));
        Assert.True(File.Exists(writing));
        Assert.Equal(2, Directory.GetFiles(s.CacheDir, "*.dll").Length);
    }

    [Fact]
    public void AMissingCacheDirectoryIsNoError() =>
        CompileCachePruning.Prune(Path.Combine(Path.GetTempPath(), "cmpi-no-such-cache-" + Guid.NewGuid().ToString("N")));
}
