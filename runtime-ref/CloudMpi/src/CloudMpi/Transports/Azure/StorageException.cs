using System.Net;

namespace CloudMpi.Transports.Azure;

/// <summary>A storage request that failed: the service's status and error code, never the credentials.</summary>
public sealed class StorageException(string message, HttpStatusCode? status = null, string? errorCode = null, Exception? inner = null)
    : Exception(message, inner)
{
    public HttpStatusCode? Status { get; } = status;
    public string? ErrorCode { get; } = errorCode;
}
