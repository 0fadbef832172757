using System.Globalization;
using System.Net;

namespace CloudMpi.Run.Processes;

/// <summary>One line of a hostfile: a host and how many ranks it takes before the next host is used.</summary>
public sealed record HostSlots(string Host, int Slots)
{
    /// <summary>Ranks on this host run as local child processes (no ssh).</summary>
    public bool IsLocal =>
        Host is "localhost" or "127.0.0.1" or "::1"
        || string.Equals(Host, Dns.GetHostName(), StringComparison.OrdinalIgnoreCase);
}

/// <summary>
/// An Open MPI-style hostfile: one host per line, optionally <c>slots=N</c> (default 1), <c>#</c> comments.
/// Ranks fill each host's slots in order; with more ranks than slots the assignment wraps around
/// (oversubscription), as mpirun does with --oversubscribe.
/// </summary>
public static class Hostfile
{
    public static IReadOnlyList<HostSlots> Parse(string text, string fileName = "hostfile")
    {
        var hosts = new List<HostSlots>();
        int lineNo = 0;
        foreach (string raw in text.Split('\n'))
        {
            lineNo++;
            string line = raw;
            int hash = line.IndexOf('#', StringComparison.Ordinal);
            if (hash >= 0) line = line[..hash];
            string[] words = line.Split([' ', '\t', '\r'], StringSplitOptions.RemoveEmptyEntries);
            if (words.Length == 0) continue;
            int slots = 1;
            foreach (string w in words.Skip(1))
            {
                if (w.StartsWith("slots=", StringComparison.Ordinal)
                    && int.TryParse(w.AsSpan(6), NumberStyles.None, CultureInfo.InvariantCulture, out int n) && n > 0)
                {
                    slots = n;
                }
                else if (!w.StartsWith("max_slots=", StringComparison.Ordinal))
                {
                    throw new UsageException($"{fileName}:{lineNo}: expected 'host [slots=N]', got '{raw.Trim()}'");
                }
            }
            hosts.Add(new HostSlots(words[0], slots));
        }
        if (hosts.Count == 0) throw new UsageException($"{fileName}: no hosts");
        return hosts;
    }

    /// <summary>The host of each rank: fill slots in order, wrapping around.</summary>
    public static string[] Assign(IReadOnlyList<HostSlots> hosts, int ranks)
    {
        var order = hosts.SelectMany(h => Enumerable.Repeat(h.Host, h.Slots)).ToArray();
        return Enumerable.Range(0, ranks).Select(r => order[r % order.Length]).ToArray();
    }
}
