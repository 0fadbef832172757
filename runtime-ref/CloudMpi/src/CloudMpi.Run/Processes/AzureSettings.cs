namespace CloudMpi.Run.Processes;

/// <summary>
/// The azure transport's settings: the connection string (from <c>--azure-connection-file</c> or
/// <c>$CMPI_AZURE_CONNECTION_STRING</c>; never printed) and the CMPI_AZURE_* knobs, passed on to every rank.
/// </summary>
public static class AzureSettings
{
    public const string ConnectionStringKey = "connectionString";
    public const string EnvConnectionString = "CMPI_AZURE_CONNECTION_STRING";

    public static Dictionary<string, string> From(RunOptions options, Func<string, string?> getEnv)
    {
        string? cs;
        if (options.AzureConnectionFile is string file)
        {
            try
            {
                cs = File.ReadAllText(file).Trim();
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new UsageException($"cannot read the Azure connection file '{file}': {e.Message}");
            }
        }
        else
        {
            cs = getEnv(EnvConnectionString)?.Trim();
        }
        if (string.IsNullOrEmpty(cs))
            throw new UsageException($"--transport azure needs a storage connection string: set ${EnvConnectionString} or pass --azure-connection-file");
        var settings = new Dictionary<string, string> { [ConnectionStringKey] = cs };
        // The collective variants (CMPI_BCAST, CMPI_SCATTER, CMPI_BARRIER) are read by each rank from its environment.
        foreach (string knob in new[] { "CMPI_AZURE_VISIBILITY_TIMEOUT", "CMPI_AZURE_POLL_MS" })
        {
            if (getEnv(knob) is string v && v.Length > 0) settings[knob] = v;
        }
        return settings;
    }
}
