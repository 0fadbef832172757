using System.Net;
using Azure;
using Azure.Core;
using Azure.Core.Pipeline;
using Azure.Data.Tables;
using Azure.Identity;
using Azure.Storage.Blobs;
using Azure.Storage.Queues;

namespace CloudMpi.Transports.Azure;

/// <summary>
/// The Azure SDK's clients for one storage account (<see cref="Queues"/>, <see cref="Blobs"/>, <see cref="Tables"/>),
/// sharing one HTTP connection pool and one retry policy. The SDK retries what cannot reach the service and answers
/// 408, 429 and 5xx (exponential backoff from 50 ms to 1 s, for about <see cref="RetryFor"/>); an operation that still
/// fails, or that the service refuses, becomes a <see cref="StorageException"/> saying what could not be done, with the
/// service's status and error code and never the connection string. Each operation is recorded in
/// <see cref="Activity"/> while it (with its retries) is under way. Synchronous: a rank's own thread or its receive
/// loop makes each call.
/// </summary>
internal sealed class StorageClients : IDisposable
{
    private static readonly TimeSpan FirstRetryDelay = TimeSpan.FromMilliseconds(50);
    private static readonly TimeSpan MaxRetryDelay = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan NetworkTimeout = TimeSpan.FromSeconds(60);

    private readonly HttpClient http;

    /// <param name="connection">The account and how to sign in.</param>
    /// <param name="retryFor">How long requests that cannot reach the service are retried (default 30 s).</param>
    /// <param name="handler">The HTTP handler (tests: one that trusts Azurite's self-signed certificate).</param>
    /// <param name="tally">Where every request is counted (default: this process's, <see cref="RequestTally.ForProcess"/>).</param>
    /// <param name="account">The index of this account among the job's (<see cref="StorageAccounts"/>), its requests' column in the tally.</param>
    /// <param name="activity">The operations under way, shared by the clients of one job's accounts (default: this client's own).</param>
    public StorageClients(StorageConnection connection, TimeSpan? retryFor = null, HttpMessageHandler? handler = null, RequestTally? tally = null,
                          int account = 0, StorageActivity? activity = null)
    {
        Connection = connection;
        Tally = tally ?? RequestTally.ForProcess;
        Account = account;
        Activity = activity ?? new StorageActivity();
        RetryFor = retryFor ?? TimeSpan.FromSeconds(30);
        handler ??= new SocketsHttpHandler
        {
            PooledConnectionLifetime = TimeSpan.FromMinutes(5),
            MaxConnectionsPerServer = 64,
            ConnectTimeout = TimeSpan.FromSeconds(5),
            // Azurite on loopback: no proxy; a real account: the environment's proxy, if any.
            UseProxy = !IsLoopback(connection),
        };
        // The SDK bounds each try itself (NetworkTimeout); HttpClient's own timeout must not cut it short.
        http = new HttpClient(handler) { Timeout = Timeout.InfiniteTimeSpan };
        var transport = new HttpClientTransport(http);

        var queueOptions = Configure(new QueueClientOptions(), StorageService.Queue);  // MessageEncoding None: the text is our base64
        var blobOptions = Configure(new BlobClientOptions(), StorageService.Blob);
        var tableOptions = Configure(new TableClientOptions(), StorageService.Table);
        QueueServiceClient queues;
        BlobServiceClient blobs;
        TableServiceClient tables;
        if (connection.ConnectionString is string cs)
        {
            queues = new QueueServiceClient(cs, queueOptions);
            blobs = new BlobServiceClient(cs, blobOptions);
            tables = new TableServiceClient(cs, tableOptions);
        }
        else
        {
            TokenCredential credential = connection.Credential!;
            queues = new QueueServiceClient(connection.QueueEndpoint, credential, queueOptions);
            blobs = new BlobServiceClient(connection.BlobEndpoint, credential, blobOptions);
            tables = new TableServiceClient(connection.TableEndpoint, credential, tableOptions);
        }
        Queues = new QueueStore(this, queues);
        Blobs = new BlobStore(this, blobs);
        Tables = new TableStore(this, tables);

        T Configure<T>(T options, StorageService service) where T : ClientOptions
        {
            options.Transport = transport;
            // Every try of every request is counted here, the one place they all pass (cmpi-run --stats).
            options.AddPolicy(new RequestCountingPolicy(service, Tally, account), HttpPipelinePosition.PerRetry);
            options.Retry.Mode = RetryMode.Exponential;
            options.Retry.Delay = FirstRetryDelay;
            options.Retry.MaxDelay = MaxRetryDelay;
            options.Retry.MaxRetries = RetriesFor(RetryFor);
            options.Retry.NetworkTimeout = NetworkTimeout;
            // No event-source logging (it would record request URLs) and no tracing spans per message.
            options.Diagnostics.IsLoggingEnabled = false;
            options.Diagnostics.IsDistributedTracingEnabled = false;
            return options;
        }
    }

    public StorageConnection Connection { get; }

    /// <summary>Where this client's requests are counted, by rank and kind.</summary>
    public RequestTally Tally { get; }

    /// <summary>How long requests that cannot reach the service are retried before the error is reported.</summary>
    public TimeSpan RetryFor { get; }

    /// <summary>The operations under way (a request and its retries), for the deadlock detectors.</summary>
    public StorageActivity Activity { get; }

    /// <summary>This account's index among the job's accounts (0 when there is one).</summary>
    public int Account { get; }

    public QueueStore Queues { get; }

    public BlobStore Blobs { get; }

    public TableStore Tables { get; }

    /// <summary>The number of retries whose backoff (50 ms doubling to 1 s) adds up to <paramref name="span"/>.</summary>
    internal static int RetriesFor(TimeSpan span)
    {
        int n = 0;
        var total = TimeSpan.Zero;
        for (var d = FirstRetryDelay; total < span; n++)
        {
            total += d;
            d = d * 2 > MaxRetryDelay ? MaxRetryDelay : d * 2;
        }
        return n;
    }

    private static bool IsLoopback(StorageConnection c)
    {
        if (c.QueueEndpoint is { } u) return u.IsLoopback;
        return c.ConnectionString!.Contains("UseDevelopmentStorage=true", StringComparison.OrdinalIgnoreCase)
               || c.ConnectionString.Contains("127.0.0.1", StringComparison.Ordinal)
               || c.ConnectionString.Contains("localhost", StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>Run one SDK operation <paramref name="what"/> against the service at <paramref name="endpoint"/>.</summary>
    internal T Do<T>(string what, Uri endpoint, Func<CancellationToken, T> operation) => Do(what, endpoint, operation, 0, default!);

    /// <summary>As <see cref="Do{T}(string, Uri, Func{CancellationToken, T})"/>, with status <paramref name="ok"/> giving <paramref name="okValue"/>.</summary>
    internal T Do<T>(string what, Uri endpoint, Func<CancellationToken, T> operation, HttpStatusCode ok, T okValue)
    {
        using var op = Activity.Begin(what);
        long started = System.Diagnostics.Stopwatch.GetTimestamp();
        // The SDK retries each try for up to NetworkTimeout; this bounds the whole operation with its retries.
        using var deadline = new CancellationTokenSource(RetryFor + NetworkTimeout);
        try
        {
            return operation(deadline.Token);
        }
        catch (RequestFailedException e) when (e.Status != 0)
        {
            if (ok != 0 && e.Status == (int)ok) return okValue;
            string reason = e.GetRawResponse()?.ReasonPhrase is { Length: > 0 } r ? " " + r : "";
            throw new StorageException($"could not {what}: {e.Status}{reason}{(e.ErrorCode is null ? "" : $" ({e.ErrorCode})")}",
                                       (HttpStatusCode)e.Status, e.ErrorCode, e);
        }
        catch (AuthenticationFailedException e)
        {
            throw new StorageException(
                $"could not {what}: no Microsoft Entra ID token for {Connection} ({Summary(e.Message)})", inner: e);
        }
        catch (Exception e) when (e is RequestFailedException or AggregateException or HttpRequestException or IOException or OperationCanceledException)
        {
            // Unreachable service: the SDK's retries ran out (or the deadline passed).
            throw new StorageException(
                $"could not {what}: the storage service at {endpoint.GetLeftPart(UriPartial.Authority)} did not answer for {System.Diagnostics.Stopwatch.GetElapsedTime(started).TotalSeconds:0} s ({Summary(Innermost(e).Message)})",
                inner: e);
        }
    }

    /// <summary>An operation without a result; status <paramref name="ok"/> (404 for a delete, 409 for a create) counts as done.</summary>
    internal void Do(string what, Uri endpoint, Action<CancellationToken> operation, HttpStatusCode ok = 0) =>
        Do(what, endpoint, ct => { operation(ct); return true; }, ok, true);

    private static Exception Innermost(Exception e)
    {
        while (true)
        {
            if (e is AggregateException { InnerExceptions.Count: > 0 } a) e = a.InnerExceptions[^1];
            else if (e.InnerException is { } i) e = i;
            else return e;
        }
    }

    /// <summary>The first line of a message, and the "- Credential: why" lines DefaultAzureCredential adds.</summary>
    private static string Summary(string message)
    {
        var lines = message.Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        if (lines.Length == 0) return "";
        var why = lines.Skip(1).Where(l => l.StartsWith("- ", StringComparison.Ordinal)).Select(l => l[2..]);
        return string.Join("; ", new[] { lines[0] }.Concat(why));
    }

    public void Dispose() => http.Dispose();
}
