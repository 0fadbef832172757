using System.Reflection;
using System.Runtime.Loader;

namespace CloudMpi.Run.Hosting;

/// <summary>
/// One rank's private, collectible load of the user's program, so its statics (the C
/// globals) belong to that rank alone. Every other assembly (CloudMpi, CloudMpi.Libc, the
/// framework) resolves to the default context's copy and is shared by all ranks.
/// </summary>
public sealed class RankLoadContext : AssemblyLoadContext
{
    public RankLoadContext(int rank)
        : base($"cmpi-rank-{rank}", isCollectible: true)
    {
    }

    /// <summary>Null defers to the default context: shared runtime, shared framework.</summary>
    protected override Assembly? Load(AssemblyName assemblyName) => null;

    public Assembly LoadProgram(byte[] image)
    {
        using var ms = new MemoryStream(image, writable: false);
        return LoadFromStream(ms);
    }
}
