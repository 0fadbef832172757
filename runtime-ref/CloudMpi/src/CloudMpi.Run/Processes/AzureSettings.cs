namespace CloudMpi.Run.Processes;

/// <summary>
/// The azure transport's settings: the connection string (from <c>--azure-connection-file</c> or
/// <c>$CMPI_AZURE_CONNECTION_STRING</c>; never printed) or the account reached with a Microsoft Entra ID token
/// (<c>--azure-account</c> or <c>$CMPI_AZURE_ACCOUNT</c>), or several accounts the job is sharded over
/// (<c>--azure-accounts</c> or <c>$CMPI_AZURE_ACCOUNTS</c>: one connection string or account name a line, see
/// <see cref="ParseAccounts"/>), and the CMPI_AZURE_* knobs, passed on to every rank.
/// </summary>
public static class AzureSettings
{
    public const string ConnectionStringKey = "connectionString";
    public const string AccountKey = "account";
    public const string EnvConnectionString = "CMPI_AZURE_CONNECTION_STRING";
    public const string EnvAccount = "CMPI_AZURE_ACCOUNT";
    /// <summary>The accounts of a sharded job, one a line (connection strings or account names), in account order.</summary>
    public const string AccountsKey = "accounts";
    public const string EnvAccounts = "CMPI_AZURE_ACCOUNTS";

    public static Dictionary<string, string> From(RunOptions options, Func<string, string?> getEnv)
    {
        if (options.AzureAccount is not null && options.AzureConnectionFile is not null)
            throw new UsageException("--azure-account and --azure-connection-file are two ways to reach storage: pass one");
        if (options.AzureAccounts is not null && (options.AzureAccount ?? options.AzureConnectionFile) is not null)
            throw new UsageException("--azure-accounts names every account of the job: pass it without --azure-account and --azure-connection-file");
        var settings = new Dictionary<string, string>();
        string? accountsText = null;
        if (options.AzureAccounts is string accountsFile)
        {
            try
            {
                accountsText = File.ReadAllText(accountsFile);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new UsageException($"cannot read the Azure accounts file '{accountsFile}': {e.Message}");
            }
        }
        else if (options.AzureAccount is null && options.AzureConnectionFile is null && NonEmpty(getEnv(EnvAccounts)) is string envAccounts)
        {
            if (NonEmpty(getEnv(EnvConnectionString)) is not null || NonEmpty(getEnv(EnvAccount)) is not null)
                throw new UsageException($"${EnvAccounts} and ${(NonEmpty(getEnv(EnvAccount)) is null ? EnvConnectionString : EnvAccount)} are both set: unset one, or pass --azure-accounts");
            accountsText = envAccounts;
        }
        if (accountsText is not null)
        {
            settings[AccountsKey] = string.Join('\n', ParseAccounts(accountsText, options.AzureAccounts ?? "$" + EnvAccounts));
            CopyKnobs(settings, getEnv);
            return settings;
        }
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
        CopyKnobs(settings, getEnv);
        return settings;
    }

    /// <summary>
    /// The accounts of <c>--azure-accounts</c>: one a line, each a connection string or (3-24 lowercase letters and
    /// digits) an account name reached with Microsoft Entra ID; blank lines and lines starting with # are skipped.
    /// Account i is the i-th; rank r's queues go to account r mod k (StorageAccounts), so every rank of a job must be
    /// given the same lines in the same order. Errors name the line, never its text (it may hold a key).
    /// </summary>
    public static List<string> ParseAccounts(string text, string source)
    {
        var accounts = new List<string>();
        string[] lines = text.Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            string line = lines[i].Trim();
            if (line.Length == 0 || line.StartsWith('#')) continue;
            if (!CloudMpi.Transports.Azure.StorageConnection.IsAccountName(line))
            {
                try
                {
                    CloudMpi.Transports.Azure.StorageConnection.FromConnectionString(line);
                }
                catch (FormatException e)
                {
                    throw new UsageException($"{source}: line {i + 1}: {e.Message}");
                }
            }
            accounts.Add(line);
        }
        if (accounts.Count == 0)
            throw new UsageException($"{source} names no storage account (one connection string or account name a line)");
        if (accounts.Distinct(StringComparer.Ordinal).Count() != accounts.Count)
            throw new UsageException($"{source} names an account twice: each line is one account of its own");
        return accounts;
    }

    private static void CopyKnobs(Dictionary<string, string> settings, Func<string, string?> getEnv)
    {
        // The collective variants (CMPI_BCAST, CMPI_SCATTER, CMPI_BARRIER) are read by each rank from its environment.
        foreach (string knob in new[] { "CMPI_AZURE_VISIBILITY_TIMEOUT", "CMPI_AZURE_POLL_MS", "CMPI_AZURE_IDLE_POLL_MS" })
        {
            if (getEnv(knob) is string v && v.Length > 0) settings[knob] = v;
        }
    }

    private static string? NonEmpty(string? s) => string.IsNullOrWhiteSpace(s) ? null : s.Trim();
}
