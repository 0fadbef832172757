namespace CloudMpi.Transports.Azure;

/// <summary>
/// An Azure Storage account as a connection string describes it: the account name, its key and the blob, queue
/// and table endpoints. <c>UseDevelopmentStorage=true</c> means Azurite's well-known development account on its
/// default loopback ports. <see cref="ToString"/> never shows the key.
/// </summary>
internal sealed class StorageAccount
{
    /// <summary>Azurite's development account (published in Azurite's README).</summary>
    public const string DevelopmentAccountName = "devstoreaccount1";
    private const string DevelopmentAccountKey =
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    public required string Name { get; init; }
    public required byte[] Key { get; init; }
    public required Uri BlobEndpoint { get; init; }
    public required Uri QueueEndpoint { get; init; }
    public required Uri TableEndpoint { get; init; }

    public override string ToString() => $"storage account {Name} (queues at {QueueEndpoint})";

    /// <summary>Parse a connection string; the error message never repeats the string (it holds the key).</summary>
    public static StorageAccount Parse(string connectionString)
    {
        var parts = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (string piece in connectionString.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            int eq = piece.IndexOf('=', StringComparison.Ordinal);
            if (eq <= 0) throw new FormatException("the Azure Storage connection string is not a list of Name=Value pairs");
            parts[piece[..eq]] = piece[(eq + 1)..];
        }
        if (parts.TryGetValue("UseDevelopmentStorage", out string? dev) && dev.Equals("true", StringComparison.OrdinalIgnoreCase))
        {
            return new StorageAccount
            {
                Name = DevelopmentAccountName,
                Key = Convert.FromBase64String(DevelopmentAccountKey),
                BlobEndpoint = new Uri($"http://127.0.0.1:10000/{DevelopmentAccountName}"),
                QueueEndpoint = new Uri($"http://127.0.0.1:10001/{DevelopmentAccountName}"),
                TableEndpoint = new Uri($"http://127.0.0.1:10002/{DevelopmentAccountName}"),
            };
        }
        string name = Required(parts, "AccountName");
        byte[] key;
        try
        {
            key = Convert.FromBase64String(Required(parts, "AccountKey"));
        }
        catch (FormatException)
        {
            throw new FormatException("the AccountKey of the Azure Storage connection string is not base64");
        }
        string protocol = parts.GetValueOrDefault("DefaultEndpointsProtocol", "https");
        string suffix = parts.GetValueOrDefault("EndpointSuffix", "core.windows.net");
        Uri Endpoint(string key, string service) =>
            new(parts.TryGetValue(key, out string? e) ? e : $"{protocol}://{name}.{service}.{suffix}");
        return new StorageAccount
        {
            Name = name,
            Key = key,
            BlobEndpoint = Endpoint("BlobEndpoint", "blob"),
            QueueEndpoint = Endpoint("QueueEndpoint", "queue"),
            TableEndpoint = Endpoint("TableEndpoint", "table"),
        };
    }

    private static string Required(Dictionary<string, string> parts, string name) =>
        parts.TryGetValue(name, out string? v) && v.Length > 0
            ? v
            : throw new FormatException($"the Azure Storage connection string has no {name}");
}
