using System.Reflection;
using System.Runtime.Loader;

namespace CloudMpi.Run.Hosting;

/// <summary>
/// A collectible load of the user's program: one for all the ranks of an in-process job when the
/// program keeps its C globals in a per-rank object (<see cref="ProgramSharing"/>), else one per rank
/// so that its statics belong to that rank alone. Every other assembly (CloudMpi, CloudMpi.Libc, the
/// framework) resolves to the default context's copy and is shared by all ranks.
/// </summary>
public sealed class RankLoadContext : AssemblyLoadContext
{
    /// <param name="ranks">Whose load it is, for the context's name: "rank 3", "all ranks".</param>
    public RankLoadContext(string ranks)
        : base($"cmpi {ranks}", isCollectible: true)
    {
    }

    /// <summary>The program, once <see cref="LoadProgram"/> has loaded it.</summary>
    public Assembly? Program { get; private set; }

    /// <summary>Null defers to the default context: shared runtime, shared framework.</summary>
    protected override Assembly? Load(AssemblyName assemblyName) => null;

    public Assembly LoadProgram(byte[] image)
    {
        using var ms = new MemoryStream(image, writable: false);
        return Program = LoadFromStream(ms);
    }
}
