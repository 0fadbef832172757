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
internal sealed class RequestCountingPolicy(StorageService service, RequestTally tally) : HttpPipelineSynchronousPolicy
{
    public override void OnReceivedResponse(HttpMessage message)
    {
        tally.Count(Classify(service, message.Request.Method, message.Request.Uri.Path, message.Request.Uri.Query,
                             () => ResponseText(message)));
    }

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
