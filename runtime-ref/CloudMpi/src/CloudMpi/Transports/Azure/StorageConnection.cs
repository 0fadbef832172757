using Azure.Core;
using Azure.Identity;
using Azure.Storage.Queues;

namespace CloudMpi.Transports.Azure;

/// <summary>
/// Which storage account the azure transport uses and how it signs in: a connection string (Azurite's
/// <c>UseDevelopmentStorage=true</c>, an account key, a SAS), or an account name with a Microsoft Entra ID token
/// credential (<c>--azure-account NAME</c>: <see cref="DefaultAzureCredential"/>, i.e. managed identity, workload
/// identity, az login ...) on the endpoints <c>https://NAME.{queue,blob,table}.core.windows.net</c>.
/// <see cref="ToString"/> never shows a key or a signature.
/// </summary>
internal sealed class StorageConnection
{
    private StorageConnection(string accountName, string? connectionString, TokenCredential? credential,
                              Uri? queueEndpoint, Uri? blobEndpoint, Uri? tableEndpoint)
    {
        AccountName = accountName;
        ConnectionString = connectionString;
        Credential = credential;
        QueueEndpoint = queueEndpoint;
        BlobEndpoint = blobEndpoint;
        TableEndpoint = tableEndpoint;
    }

    public string AccountName { get; }

    /// <summary>The connection string, or null for a token credential.</summary>
    internal string? ConnectionString { get; }

    /// <summary>The token credential of <c>--azure-account</c>, or null for a connection string.</summary>
    internal TokenCredential? Credential { get; }

    /// <summary>The service endpoints (token credential only; a connection string names its own).</summary>
    internal Uri? QueueEndpoint { get; }
    internal Uri? BlobEndpoint { get; }
    internal Uri? TableEndpoint { get; }

    public override string ToString() => $"storage account {AccountName}";

    /// <summary>A connection string, checked now; the error never repeats the string (it holds the key).</summary>
    public static StorageConnection FromConnectionString(string connectionString)
    {
        if (string.IsNullOrWhiteSpace(connectionString))
            throw new FormatException("the Azure Storage connection string is empty");
        string name;
        try
        {
            name = new QueueServiceClient(connectionString).AccountName;
        }
        catch (Exception e) when (e is FormatException or ArgumentException or InvalidOperationException or UriFormatException)
        {
            // The SDK's own message may quote parts of the string: say only what is wrong with it.
            throw new FormatException(
                "the Azure Storage connection string is not valid: it needs UseDevelopmentStorage=true, or AccountName and " +
                "AccountKey, or SharedAccessSignature with the service endpoints (Name=Value pairs separated by ';')");
        }
        return new StorageConnection(name ?? "(unnamed)", connectionString, null, null, null, null);
    }

    /// <summary>
    /// An account reached with a Microsoft Entra ID token: <paramref name="credential"/>, or DefaultAzureCredential. The
    /// endpoints are https://NAME.queue.core.windows.net and so on unless <paramref name="endpoint"/> names others
    /// (tests: Azurite in OAuth mode).
    /// </summary>
    public static StorageConnection ForAccount(string accountName, TokenCredential? credential = null, Func<string, Uri>? endpoint = null)
    {
        if (!IsAccountName(accountName))
            throw new FormatException($"'{accountName}' is not a storage account name (3-24 lowercase letters and digits)");
        endpoint ??= service => new Uri($"https://{accountName}.{service}.core.windows.net");
        Uri queue = endpoint("queue"), blob = endpoint("blob"), table = endpoint("table");
        foreach (Uri u in new[] { queue, blob, table })
        {
            // The SDK refuses to send a bearer token over plain http; say so before any request.
            if (u.Scheme != Uri.UriSchemeHttps)
                throw new FormatException($"storage account {accountName}: a Microsoft Entra ID token needs an https endpoint, not {u}");
        }
        return new StorageConnection(accountName, null, credential ?? new DefaultAzureCredential(), queue, blob, table);
    }

    /// <summary>Whether <paramref name="s"/> can name a storage account (3-24 lowercase letters and digits).</summary>
    public static bool IsAccountName(string s) =>
        s.Length is >= 3 and <= 24 && s.All(c => c is (>= 'a' and <= 'z') or (>= '0' and <= '9'));
}
