using Azure.Core;
using Azure.Core.Pipeline;

namespace CloudMpi.Transports.Azure;

/// <summary>The storage service a client talks to; its requests are told apart by method and path.</summary>
internal enum StorageService { Queue, Blob, Table }

/// <summary>
/// Counts every request one SDK client sends, by <see cref="RequestKind"/>, into a <see cref="RequestTally"/>. It sits
/// in the client's pipeline once per try (<see cref="HttpPipelinePosition.PerRetry"/>), so a retried request counts
/// once per try, as the service bills it. The kind comes from the REST call (method, path, query) of the Queue, Blob
/// and Table services (https://learn.microsoft.com/rest/api/storageservices/); a get of messages whose answer holds
/// none is an empty poll.
/// </summary>
internal sealed class RequestCountingPolicy(StorageService service, RequestTally tally, int account = 0) : HttpPipelinePolicy
{
    public override void Process(HttpMessage message, ReadOnlyMemory<HttpPipelinePolicy> pipeline)
    {
        try
        {
            ProcessNext(message, pipeline);
        }
        catch (Exception) when (!message.CancellationToken.IsCancellationRequested)
        {
            tally.Count(RequestKind.Unanswered, account);
            throw;
        }
        OnReceivedResponse(message);
    }

    public override async ValueTask ProcessAsync(HttpMessage message, ReadOnlyMemory<HttpPipelinePolicy> pipeline)
    {
        try
        {
            await ProcessNextAsync(message, pipeline).ConfigureAwait(false);
        }
        catch (Exception) when (!message.CancellationToken.IsCancellationRequested)
        {
            // A broken connection or the SDK's network timeout: no answer to classify. Counted apart, so a slow run
            // shows why (a try waited out its timeout) while the exact kinds stay exact.
            tally.Count(RequestKind.Unanswered, account);
            throw;
        }
        OnReceivedResponse(message);
    }

    private void OnReceivedResponse(HttpMessage message)
    {
        var kind = Classify(service, message.Request.Method, message.Request.Uri.Path, message.Request.Uri.Query,
                            () => ResponseText(message));
        tally.Count(IsRetried(kind, message.Response.Status) ? RequestKind.Retry : kind, account);
    }

    /// <summary>
    /// Whether a try answered <paramref name="status"/> will be tried again: the SDK retries 408, 429 and 5xx (its
    /// default classifier, https://learn.microsoft.com/dotnet/api/azure.core.pipeline.retrypolicy), and the azure
    /// transport puts a message again while the receiver's queue does not exist yet (404). Such a try counts as a
    /// <see cref="RequestKind.Retry"/>, so a message's put is counted once, by the try that stored it. (A try whose
    /// answer never arrived counts as <see cref="RequestKind.Unanswered"/>: the client cannot know whether the service saw it.)
    /// </summary>
    internal static bool IsRetried(RequestKind kind, int status) =>
        status is 408 or 429 or >= 500 || (kind == RequestKind.QueuePut && status == 404);

    /// <summary>What a request is; <paramref name="responseText"/> is asked only for a get of queue messages.</summary>
    internal static RequestKind Classify(StorageService service, RequestMethod method, string path, string query, Func<string?> responseText)
    {
        // Azurite's paths start with the account (/devstoreaccount1/q/messages); a real account's do not (/q/messages).
        string[] segments = path.Split('/', StringSplitOptions.RemoveEmptyEntries);
        string last = segments.Length == 0 ? "" : segments[^1];
        switch (service)
        {
            case StorageService.Queue:
                if (query.Contains("comp=list", StringComparison.Ordinal)) return RequestKind.QueueList;
                bool messages = last == "messages";
                bool oneMessage = segments.Length >= 2 && segments[^2] == "messages";
                if (method == RequestMethod.Post && messages) return RequestKind.QueuePut;
                if (method == RequestMethod.Get && messages)
                {
                    if (query.Contains("peekonly=true", StringComparison.OrdinalIgnoreCase)) return RequestKind.QueuePeek;
                    // Message text is base64 (no '<'), so the element name alone says whether one came back.
                    return responseText() is string text && text.Contains("<QueueMessage>", StringComparison.Ordinal)
                        ? RequestKind.QueueGet : RequestKind.QueueGetEmpty;
                }
                if (method == RequestMethod.Delete && oneMessage) return RequestKind.QueueDelete;
                if (method == RequestMethod.Put && !messages && !oneMessage && !query.Contains("comp=", StringComparison.Ordinal)) return RequestKind.QueueCreate;
                if (method == RequestMethod.Delete && !messages && !oneMessage) return RequestKind.QueueDeleteQueue;
                return RequestKind.Other;
            case StorageService.Blob:
                bool container = query.Contains("restype=container", StringComparison.Ordinal);
                if (container && method == RequestMethod.Put) return RequestKind.ContainerCreate;
                if (container && method == RequestMethod.Delete) return RequestKind.ContainerDelete;
                if (container) return RequestKind.Other;
                if (method == RequestMethod.Put) return RequestKind.BlobUpload;
                if (method == RequestMethod.Get) return RequestKind.BlobDownload;
                if (method == RequestMethod.Delete) return RequestKind.BlobDelete;
                return RequestKind.Other;
            default:
                bool tables = last.StartsWith("Tables", StringComparison.Ordinal);
                if (tables && method == RequestMethod.Post) return RequestKind.TableCreate;
                if (tables && method == RequestMethod.Delete) return RequestKind.TableDelete;
                if (tables) return RequestKind.Other;
                if (method == RequestMethod.Post) return RequestKind.TableInsert;
                if (method == RequestMethod.Get) return RequestKind.TableQuery;
                // UpdateEntity and UpsertEntity: PATCH or MERGE to merge, PUT to replace (Table service REST API)
                if (method == RequestMethod.Patch || method == RequestMethod.Put || method.Method == "MERGE") return RequestKind.TableUpdate;
                return RequestKind.Other;
        }
    }

    /// <summary>The answer's body when the SDK buffered it (it does for a get of messages); null otherwise.</summary>
    private static string? ResponseText(HttpMessage message)
    {
        try
        {
            return message.HasResponse && message.Response.Content is { } content ? content.ToString() : null;
        }
        catch (InvalidOperationException)
        {
            return null; // a streamed body: not one the transport reads as a poll
        }
    }
}
