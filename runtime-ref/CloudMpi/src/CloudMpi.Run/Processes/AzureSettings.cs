namespace CloudMpi.Run.Processes;

/// <summary>
/// The azure transport's settings: the connection string (from <c>--azure-connection-file</c> or
/// <c>$CMPI_AZURE_CONNECTION_STRING</c>; never printed) or the account reached with a Microsoft Entra ID token
/// (<c>--azure-account</c> or <c>$CMPI_AZURE_ACCOUNT</c>), and the CMPI_AZURE_* knobs, passed on to every rank.
/// </summary>
public static class AzureSettings
{
    public const string ConnectionStringKey = "connectionString";
    public const string AccountKey = "account";
    public const string EnvConnectionString = "CMPI_AZURE_CONNECTION_STRING";
    public const string EnvAccount = "CMPI_AZURE_ACCOUNT";

    public static Dictionary<string, string> From(RunOptions options, Func<string, string?> getEnv)
    {
        if (options.AzureAccount is not null && options.AzureConnectionFile is not null)
            throw new UsageException("--azure-account and --azure-connection-file are two ways to reach storage: pass one");
        var settings = new Dictionary<string, string>();
        string? account = options.AzureConnectionFile is null ? options.AzureAccount ?? NonEmpty(getEnv(EnvAccount)) : null;
        string? cs = null;
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
        else if (options.AzureAccount is null)
        {
            cs = NonEmpty(getEnv(EnvConnectionString));
            if (cs is not null && account is not null)
                throw new UsageException($"${EnvConnectionString} and ${EnvAccount} are both set: unset one, or pass --azure-account or --azure-connection-file");
        }
        if (account is not null)
        {
            if (!CloudMpi.Transports.Azure.StorageConnection.IsAccountName(account))
                throw new UsageException($"'{account}' is not a storage account name (3-24 lowercase letters and digits)");
            settings[AccountKey] = account;
        }
        else if (string.IsNullOrEmpty(cs))
        {
            throw new UsageException(
                $"--transport azure needs a storage connection string: set ${EnvConnectionString} or pass --azure-connection-file " +
                $"(or name an account reached with Microsoft Entra ID: --azure-account NAME or ${EnvAccount})");
        }
        else
        {
            settings[ConnectionStringKey] = cs;
        }
        // The collective variants (CMPI_BCAST, CMPI_SCATTER, CMPI_BARRIER) are read by each rank from its environment.
        foreach (string knob in new[] { "CMPI_AZURE_VISIBILITY_TIMEOUT", "CMPI_AZURE_POLL_MS", "CMPI_AZURE_IDLE_POLL_MS" })
        {
            if (getEnv(knob) is string v && v.Length > 0) settings[knob] = v;
        }
        return settings;
    }

    private static string? NonEmpty(string? s) => string.IsNullOrWhiteSpace(s) ? null : s.Trim();
}
