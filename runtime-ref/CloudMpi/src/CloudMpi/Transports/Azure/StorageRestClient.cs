using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Xml.Linq;

namespace CloudMpi.Transports.Azure;

/// <summary>A storage request that failed: the service's status and error code, never the credentials.</summary>
public sealed class StorageException(string message, HttpStatusCode? status = null, string? errorCode = null, Exception? inner = null)
    : Exception(message, inner)
{
    public HttpStatusCode? Status { get; } = status;
    public string? ErrorCode { get; } = errorCode;
}

/// <summary>A queue message as Get Messages returns it: what is needed to delete it, and its text.</summary>
internal sealed record QueueMessage(string MessageId, string PopReceipt, int DequeueCount, string Text);

/// <summary>
/// The few Azure Storage REST operations the azure transport uses (queues, block blobs, tables), signed with
/// Shared Key. Synchronous: each call is made by a rank's own thread or its receive loop. A request that cannot
/// reach the service is retried with backoff for <see cref="RetryFor"/> (the emulator or the network may come
/// back), then fails with a <see cref="StorageException"/> saying what could not be done.
/// </summary>
internal sealed class StorageRestClient : IDisposable
{
    private const string ApiVersion = "2021-12-02";
    private readonly StorageAccount account;
    private readonly SharedKeySigner signer;
    private readonly HttpClient http;

    public StorageRestClient(StorageAccount account)
    {
        this.account = account;
        signer = new SharedKeySigner(account.Name, account.Key);
        var handler = new SocketsHttpHandler
        {
            PooledConnectionLifetime = TimeSpan.FromMinutes(5),
            MaxConnectionsPerServer = 64,
            UseProxy = false,
            ConnectTimeout = TimeSpan.FromSeconds(5),
        };
        http = new HttpClient(handler) { Timeout = TimeSpan.FromSeconds(60) };
    }

    /// <summary>The operations under way (a request and its retries), for the deadlock detectors.</summary>
    public StorageActivity Activity { get; } = new();

    /// <summary>How long requests that cannot reach the service are retried before the error is reported.</summary>
    public TimeSpan RetryFor { get; set; } = TimeSpan.FromSeconds(30);

    public StorageAccount Account => account;

    // ------------------------------------------------------------------ queues

    /// <summary>Create the queue (no error if it exists).</summary>
    public void CreateQueue(string queue) =>
        Send(HttpMethod.Put, Service.Queue, queue, null, null, $"create queue {queue}", HttpStatusCode.Created, HttpStatusCode.NoContent);

    public void DeleteQueue(string queue) =>
        Send(HttpMethod.Delete, Service.Queue, queue, null, null, $"delete queue {queue}", HttpStatusCode.NoContent, HttpStatusCode.NotFound);

    /// <summary>Names of the queues that start with <paramref name="prefix"/> (first 5000).</summary>
    public List<string> ListQueues(string prefix)
    {
        string body = SendForText(HttpMethod.Get, Service.Queue, "", $"comp=list&prefix={Uri.EscapeDataString(prefix)}&maxresults=5000",
                                  $"list queues {prefix}*");
        return XDocument.Parse(body).Descendants("Queue").Select(q => (string?)q.Element("Name") ?? "").Where(n => n.Length > 0).ToList();
    }

    /// <summary>Put a message whose text is <paramref name="text"/>; it never expires (ttl -1) and is visible at once.</summary>
    public void PutMessage(string queue, string text)
    {
        string xml = $"<QueueMessage><MessageText>{text}</MessageText></QueueMessage>";
        var content = new StringContent(xml, new UTF8Encoding(false));
        content.Headers.ContentType = new MediaTypeHeaderValue("application/xml");
        Send(HttpMethod.Post, Service.Queue, $"{queue}/messages", "messagettl=-1", content, $"put a message on queue {queue}", HttpStatusCode.Created);
    }

    /// <summary>Up to <paramref name="max"/> messages, each hidden from other readers for <paramref name="visibility"/>.</summary>
    public List<QueueMessage> GetMessages(string queue, int max, TimeSpan visibility)
    {
        string query = string.Create(CultureInfo.InvariantCulture, $"numofmessages={max}&visibilitytimeout={(int)Math.Max(1, visibility.TotalSeconds)}");
        string body = SendForText(HttpMethod.Get, Service.Queue, $"{queue}/messages", query, $"get messages from queue {queue}");
        var list = new List<QueueMessage>();
        foreach (var m in XDocument.Parse(body).Descendants("QueueMessage"))
        {
            list.Add(new QueueMessage(
                (string?)m.Element("MessageId") ?? "",
                (string?)m.Element("PopReceipt") ?? "",
                int.TryParse((string?)m.Element("DequeueCount"), out int dc) ? dc : 1,
                (string?)m.Element("MessageText") ?? ""));
        }
        return list;
    }

    public void DeleteMessage(string queue, QueueMessage m) =>
        Send(HttpMethod.Delete, Service.Queue, $"{queue}/messages/{m.MessageId}", $"popreceipt={Uri.EscapeDataString(m.PopReceipt)}", null,
             $"delete a message from queue {queue}", HttpStatusCode.NoContent, HttpStatusCode.NotFound);

    // ------------------------------------------------------------------ blobs

    public void CreateContainer(string container) =>
        Send(HttpMethod.Put, Service.Blob, container, "restype=container", null, $"create container {container}", HttpStatusCode.Created, HttpStatusCode.Conflict);

    public void DeleteContainer(string container) =>
        Send(HttpMethod.Delete, Service.Blob, container, "restype=container", null, $"delete container {container}", HttpStatusCode.Accepted, HttpStatusCode.NotFound);

    public void PutBlob(string container, string name, byte[] data)
    {
        var content = new ByteArrayContent(data);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
        Send(HttpMethod.Put, Service.Blob, $"{container}/{name}", null, content, $"write blob {container}/{name}", HttpStatusCode.Created,
             extraHeaders: [("x-ms-blob-type", "BlockBlob")]);
    }

    public byte[] GetBlob(string container, string name)
    {
        using var response = Send(HttpMethod.Get, Service.Blob, $"{container}/{name}", null, null, $"read blob {container}/{name}", keep: true, expect: HttpStatusCode.OK);
        return response!.Content.ReadAsByteArrayAsync().GetAwaiter().GetResult();
    }

    // ------------------------------------------------------------------ tables

    public void CreateTable(string table)
    {
        var content = JsonContent(new Dictionary<string, object> { ["TableName"] = table });
        Send(HttpMethod.Post, Service.Table, "Tables", null, content, $"create table {table}", HttpStatusCode.Created, HttpStatusCode.NoContent, HttpStatusCode.Conflict);
    }

    public void DeleteTable(string table) =>
        Send(HttpMethod.Delete, Service.Table, $"Tables('{table}')", null, null, $"delete table {table}", HttpStatusCode.NoContent, HttpStatusCode.NotFound);

    /// <summary>Insert an entity; false if one with the same keys exists.</summary>
    public bool InsertEntity(string table, string partitionKey, string rowKey, IReadOnlyDictionary<string, object>? properties = null)
    {
        var entity = new Dictionary<string, object> { ["PartitionKey"] = partitionKey, ["RowKey"] = rowKey };
        if (properties != null) foreach (var (k, v) in properties) entity[k] = v;
        using var r = Send(HttpMethod.Post, Service.Table, table, null, JsonContent(entity), $"insert into table {table}", keep: true,
                           expect: [HttpStatusCode.NoContent, HttpStatusCode.Created, HttpStatusCode.Conflict]);
        return r!.StatusCode != HttpStatusCode.Conflict;
    }

    /// <summary>The number of entities in one partition (first 1000).</summary>
    public int CountPartition(string table, string partitionKey)
    {
        string filter = Uri.EscapeDataString($"PartitionKey eq '{partitionKey}'");
        string body = SendForText(HttpMethod.Get, Service.Table, $"{table}()", $"$filter={filter}&$select=RowKey", $"query table {table}");
        using var doc = JsonDocument.Parse(body);
        return doc.RootElement.GetProperty("value").GetArrayLength();
    }

    private static StringContent JsonContent(Dictionary<string, object> value)
    {
        var content = new StringContent(JsonSerializer.Serialize(value), new UTF8Encoding(false));
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        return content;
    }

    // ------------------------------------------------------------------ plumbing

    private enum Service { Blob, Queue, Table }

    private string SendForText(HttpMethod method, Service service, string path, string? query, string what)
    {
        using var r = Send(method, service, path, query, null, what, keep: true, expect: HttpStatusCode.OK);
        return r!.Content.ReadAsStringAsync().GetAwaiter().GetResult();
    }

    private void Send(HttpMethod method, Service service, string path, string? query, HttpContent? content, string what,
                      params HttpStatusCode[] expect) =>
        Send(method, service, path, query, content, what, keep: false, expect: expect)?.Dispose();

    private void Send(HttpMethod method, Service service, string path, string? query, HttpContent? content, string what,
                      HttpStatusCode expect1, (string, string)[] extraHeaders) =>
        Send(method, service, path, query, content, what, keep: false, extraHeaders: extraHeaders, expect: [expect1])?.Dispose();

    private HttpResponseMessage? Send(HttpMethod method, Service service, string path, string? query, HttpContent? content, string what,
                                      bool keep, (string, string)[]? extraHeaders = null, params HttpStatusCode[] expect)
    {
        Uri endpoint = service switch
        {
            Service.Blob => account.BlobEndpoint,
            Service.Queue => account.QueueEndpoint,
            _ => account.TableEndpoint,
        };
        string baseUri = endpoint.ToString().TrimEnd('/');
        var uri = new Uri(path.Length == 0 ? $"{baseUri}/?{query}" : $"{baseUri}/{path}{(query is null ? "" : "?" + query)}");
        byte[]? body = content?.ReadAsByteArrayAsync().GetAwaiter().GetResult();
        var contentType = content?.Headers.ContentType;
        var started = DateTime.UtcNow;
        int attempt = 0;
        using var operation = Activity.Begin(what);
        while (true)
        {
            using var request = new HttpRequestMessage(method, uri);
            if (body != null)
            {
                request.Content = new ByteArrayContent(body);
                request.Content.Headers.ContentType = contentType;
                request.Content.Headers.ContentLength = body.Length;
            }
            request.Headers.TryAddWithoutValidation("x-ms-date", DateTime.UtcNow.ToString("R", CultureInfo.InvariantCulture));
            request.Headers.TryAddWithoutValidation("x-ms-version", ApiVersion);
            if (extraHeaders != null) foreach (var (k, v) in extraHeaders) request.Headers.TryAddWithoutValidation(k, v);
            if (service == Service.Table)
            {
                request.Headers.TryAddWithoutValidation("Accept", "application/json;odata=nometadata");
                request.Headers.TryAddWithoutValidation("DataServiceVersion", "3.0;NetFx");
                request.Headers.TryAddWithoutValidation("MaxDataServiceVersion", "3.0;NetFx");
                if (method == HttpMethod.Post) request.Headers.TryAddWithoutValidation("Prefer", "return-no-content");
                signer.SignTable(request);
            }
            else
            {
                signer.SignBlobOrQueue(request);
            }

            HttpResponseMessage response;
            try
            {
                response = http.Send(request, HttpCompletionOption.ResponseContentRead);
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException or IOException)
            {
                // Unreachable service: retry with backoff (storage can restart), then give up with a clear error.
                if (DateTime.UtcNow - started > RetryFor)
                    throw new StorageException($"could not {what}: the storage service at {endpoint.GetLeftPart(UriPartial.Authority)} did not answer for {RetryFor.TotalSeconds:0} s ({e.Message})", inner: e);
                Thread.Sleep(Math.Min(1000, 50 << Math.Min(attempt++, 5)));
                continue;
            }
            if (expect.Contains(response.StatusCode))
            {
                if (keep) return response;
                response.Dispose();
                return null;
            }
            int status = (int)response.StatusCode;
            string? code = response.Headers.TryGetValues("x-ms-error-code", out var codes) ? codes.FirstOrDefault() : null;
            response.Dispose();
            if ((status >= 500 || status == 408) && DateTime.UtcNow - started <= RetryFor)
            {
                Thread.Sleep(Math.Min(1000, 50 << Math.Min(attempt++, 5)));
                continue;
            }
            throw new StorageException($"could not {what}: {status} {response.ReasonPhrase}{(code is null ? "" : $" ({code})")}",
                                       response.StatusCode, code);
        }
    }

    public void Dispose() => http.Dispose();
}
