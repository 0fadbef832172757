using CloudMpi.Run.Hosting;

namespace CloudMpi.Run.Processes;

/// <summary>Chooses how a compiled program runs: threads of this process or one process per rank, and the transport.</summary>
public static class JobRunners
{
    /// <summary>Run the job; a <see cref="UsageException"/> says the options cannot work (missing hostfile or connection string).</summary>
    public static RunOutcome Run(byte[] image, RunOptions options, OutputSink stdout, OutputSink stderr,
                                 IReadOnlyDictionary<string, string>? transportSettings = null)
    {
        IReadOnlyDictionary<string, string> settings = transportSettings ?? TransportSettings(options);
        if (!options.RanksAsProcesses)
        {
            try
            {
                return new InProcRunner(image, options, stdout, stderr) { TransportSettings = settings }.Run();
            }
            catch (CloudMpi.Transports.Azure.StorageException e)
            {
                // the job's storage could not be set up (or cleaned up): say so, without a stack
                stderr.WriteLine(null, $"cmpi-run: azure transport: {e.Message}\n");
                return new RunOutcome(1, JobEnd.UnhandledException, -1, []);
            }
        }
        IReadOnlyList<HostSlots>? hosts = null;
        if (options.HostfilePath is string path)
        {
            string text;
            try
            {
                text = File.ReadAllText(path);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new UsageException($"cannot read the hostfile '{path}': {e.Message}");
            }
            hosts = Hostfile.Parse(text, path);
        }
        return new ProcessJobRunner(image, options, stdout, stderr, settings, hosts).Run();
    }

    /// <summary>What the transport needs besides the rank layout (azure: the connection string).</summary>
    public static IReadOnlyDictionary<string, string> TransportSettings(RunOptions options, Func<string, string?>? getEnv = null)
    {
        var settings = new Dictionary<string, string>();
        if (options.Transport != "azure") return settings;
        return AzureSettings.From(options, getEnv ?? Environment.GetEnvironmentVariable);
    }
}
