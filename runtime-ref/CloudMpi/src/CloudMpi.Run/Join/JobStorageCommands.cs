using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using CloudMpi.Run.Processes;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Run.Join;

/// <summary>
/// <c>cmpi-run --cleanup JOB</c> (delete what a joined job left in storage: its queues, container, table and collected
/// output; a job whose ranks all left has already deleted all but the output) and <c>cmpi-run --fetch-output JOB</c>
/// (print the output its ranks collected with <c>--collect-output</c>: every rank's stdout on stdout and stderr on
/// stderr, rank 0 first, each rank's lines in its own order, as mpirun's merge keeps them; <c>--tag-output</c>
/// prefixes them as mpirun's does).
/// </summary>
public static partial class JobStorageCommands
{
    public const int NoOutputExitCode = 1;

    /// <summary>Whether a port's command line is one of these commands (it then takes no program arguments).</summary>
    public static bool IsCommand(IReadOnlyList<string> args) =>
        args.Any(a => a is "--cleanup" or "--fetch-output" || a.StartsWith("--cleanup=", StringComparison.Ordinal) || a.StartsWith("--fetch-output=", StringComparison.Ordinal));

    public static int Run(RunOptions options, TextWriter stdout, TextWriter stderr, Func<string, string?>? getEnv = null)
    {
        var (command, job) = options.JobCommand!.Value;
        List<StorageConnection> connections;
        try
        {
            connections = WorkerTransports.Connections(AzureSettings.From(options, getEnv ?? Environment.GetEnvironmentVariable));
        }
        catch (UsageException e)
        {
            stderr.Write($"cmpi-run: {e.Message}\n");
            return CommandLine.UsageExitCode;
        }
        using var accounts = StorageAccounts.Connect(connections);
        try
        {
            return command == "--cleanup" ? Cleanup(accounts, job, stdout) : FetchOutput(accounts.Home, job, options.TagOutput, stdout, stderr);
        }
        catch (StorageException e)
        {
            stderr.Write($"cmpi-run: {command} {job}: {e.Message}\n");
            return 1;
        }
        finally
        {
            stdout.Flush();
            stderr.Flush();
        }
    }

    /// <summary>Every account's queues and container, the table and collected output on account 0 (StorageAccounts' rule).</summary>
    private static int Cleanup(StorageAccounts accounts, string job, TextWriter stdout)
    {
        string id = JobNames.StorageId(job);
        var client = accounts.Home;
        int queues = accounts.All.Sum(a => a.Queues.List(id + "-").Count);
        int outputs = client.Blobs.List(JobNames.OutputContainer(job)).Count;
        AzureTransport.DeleteJobResources(accounts, id);
        client.Blobs.DeleteContainer(JobNames.OutputContainer(job));
        stdout.Write($"cmpi-run: job {job}: deleted {queues} queue(s), the container and table {id}, and {outputs} collected output blob(s)\n");
        return 0;
    }

    [GeneratedRegex(@"^rank-(\d+)\.(out|err)$")]
    private static partial Regex OutputBlobPattern();

    private static int FetchOutput(StorageClients client, string job, bool tag, TextWriter stdout, TextWriter stderr)
    {
        string container = JobNames.OutputContainer(job);
        var blobs = client.Blobs.List(container)
            .Select(name => OutputBlobPattern().Match(name))
            .Where(m => m.Success)
            .Select(m => (Rank: int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture), Err: m.Groups[2].Value == "err", Name: m.Value))
            .OrderBy(b => b.Rank).ThenBy(b => b.Err)
            .ToList();
        if (blobs.Count == 0)
        {
            stderr.Write($"cmpi-run: job {job} has no collected output (run its ranks with --collect-output; container {container})\n");
            return NoOutputExitCode;
        }
        foreach (var (rank, err, name) in blobs)
        {
            string text = Encoding.UTF8.GetString(client.Blobs.Get(container, name));
            if (text.Length == 0) continue;
            TextWriter to = err ? stderr : stdout;
            if (!tag)
            {
                to.Write(text);
                continue;
            }
            string prefix = $"[1,{rank}]<{(err ? "stderr" : "stdout")}>:";
            foreach (string line in text.Split('\n').SkipLast(text.EndsWith('\n') ? 1 : 0))
                to.Write(prefix + line + "\n");
        }
        return 0;
    }
}
