using System.Globalization;
using System.Net;
using System.Net.NetworkInformation;

namespace CloudMpi.Run.Join;

/// <summary>A joined rank's place in its job and where each number came from (logged on stderr, one line).</summary>
public sealed record RankPlacement(int Rank, int Size, string RankFrom, string SizeFrom)
{
    public string Describe(string job) =>
        $"cmpi-run: job {job}: rank {Rank} of {Size} (rank from {RankFrom}, size from {SizeFrom})";
}

/// <summary>
/// Where a rank started by an orchestrator finds its rank and the job's size, first match wins:
/// <list type="number">
/// <item><c>--rank</c> / <c>--size</c>;</item>
/// <item><c>JOB_COMPLETION_INDEX</c>: a Kubernetes Indexed Job sets it in each pod to the pod's index, 0..completions-1
///   (kubernetes.io/docs/tasks/job/indexed-parallel-processing-static); the size is the Job's completions, which
///   Kubernetes does not put in the environment, so <c>--size</c> is needed (cmpi-deploy writes it);</item>
/// <item>Azure Batch multi-instance tasks: <c>AZ_BATCH_HOST_LIST</c> lists the task's nodes as <c>nodeIP,nodeIP</c> on the
///   primary and every subtask (learn.microsoft.com/azure/batch/batch-compute-node-environment-variables); Batch sets no
///   rank variable, so the rank is the position of this node's address in that list and the size its length (one rank
///   per node);</item>
/// <item>Slurm: <c>SLURM_PROCID</c> (the task's global rank) and <c>SLURM_NTASKS</c> (slurm.schedmd.com/srun.html,
///   OUTPUT ENVIRONMENT VARIABLES);</item>
/// <item>Open MPI's <c>OMPI_COMM_WORLD_RANK</c> / <c>OMPI_COMM_WORLD_SIZE</c> and PMI's <c>PMI_RANK</c> / <c>PMI_SIZE</c>
///   (MPICH's Hydra), when an MPI launcher starts the ranks.</item>
/// </list>
/// </summary>
public static class RankSource
{
    private static readonly (string Rank, string? Size)[] EnvironmentPairs =
    [
        ("JOB_COMPLETION_INDEX", null),
        ("SLURM_PROCID", "SLURM_NTASKS"),
        ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"),
        ("PMI_RANK", "PMI_SIZE"),
    ];

    /// <param name="localAddresses">This host's addresses (tests); null = its network interfaces'.</param>
    public static RankPlacement Resolve(RunOptions options, Func<string, string?> getEnv, IReadOnlyCollection<IPAddress>? localAddresses = null)
    {
        int? rank = options.JoinRank, size = options.JoinSize;
        string? rankFrom = rank is null ? null : "--rank", sizeFrom = size is null ? null : "--size";

        foreach (var (rankVar, sizeVar) in EnvironmentPairs)
        {
            if (rank is not null && size is not null) break;
            if (NonEmpty(getEnv(rankVar)) is not string r) continue;
            if (rank is null)
            {
                rank = Number(rankVar, r);
                rankFrom = $"{rankVar}={r}";
            }
            if (size is null && sizeVar is not null && NonEmpty(getEnv(sizeVar)) is string s)
            {
                size = Number(sizeVar, s);
                sizeFrom = $"{sizeVar}={s}";
            }
            // one orchestrator's pair only: a rank from Kubernetes never takes a size from a stray SLURM_NTASKS
            if (rankFrom != "--rank") break;
        }

        if ((rank is null || size is null) && NonEmpty(getEnv("AZ_BATCH_HOST_LIST")) is string hostList)
        {
            string[] hosts = hostList.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
            if (size is null)
            {
                size = hosts.Length;
                sizeFrom = $"AZ_BATCH_HOST_LIST ({hosts.Length} nodes)";
            }
            if (rank is null)
            {
                var mine = localAddresses ?? LocalAddresses();
                int index = Array.FindIndex(hosts, h => IPAddress.TryParse(h, out var a) && mine.Contains(a));
                if (index < 0)
                    throw new UsageException($"AZ_BATCH_HOST_LIST ({hostList}) does not list an address of this node " +
                                             $"({string.Join(", ", mine)}): pass --rank");
                rank = index;
                rankFrom = $"this node's place in AZ_BATCH_HOST_LIST ({hosts[index]})";
            }
        }

        if (rank is null)
            throw new UsageException("--join needs this rank's number: pass --rank R, or start it where an orchestrator sets " +
                                     "JOB_COMPLETION_INDEX, AZ_BATCH_HOST_LIST, SLURM_PROCID, OMPI_COMM_WORLD_RANK or PMI_RANK");
        if (size is null)
            throw new UsageException($"--join needs the job's size: pass --size N (the rank came from {rankFrom}, which says no size)");
        if (rank >= size)
            throw new UsageException($"rank {rank} (from {rankFrom}) is not a rank of a job of size {size} (from {sizeFrom})");
        return new RankPlacement(rank.Value, size.Value, rankFrom!, sizeFrom!);
    }

    private static int Number(string what, string s)
    {
        if (!int.TryParse(s, NumberStyles.None, CultureInfo.InvariantCulture, out int n) || n > 4096)
            throw new UsageException($"{what} is '{s}', not a number from 0 to 4096");
        return n;
    }

    private static string? NonEmpty(string? s) => string.IsNullOrWhiteSpace(s) ? null : s.Trim();

    private static HashSet<IPAddress> LocalAddresses()
    {
        var set = new HashSet<IPAddress>();
        try
        {
            foreach (var nic in NetworkInterface.GetAllNetworkInterfaces())
                foreach (var a in nic.GetIPProperties().UnicastAddresses)
                    set.Add(a.Address);
        }
        catch (NetworkInformationException)
        {
        }
        return set;
    }
}
