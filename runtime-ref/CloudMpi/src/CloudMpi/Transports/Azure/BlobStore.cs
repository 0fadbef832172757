using System.Net;
using Azure.Storage.Blobs;
using Azure.Storage.Blobs.Specialized;

namespace CloudMpi.Transports.Azure;

/// <summary>The blob operations of the azure transport (a job's container of large payloads), through the SDK.</summary>
internal sealed class BlobStore(StorageClients owner, BlobServiceClient service)
{
    internal Uri Endpoint => service.Uri;

    public void CreateContainer(string container) =>
        owner.Do($"create container {container}", Endpoint, ct => service.GetBlobContainerClient(container).Create(cancellationToken: ct), HttpStatusCode.Conflict);

    public void DeleteContainer(string container) =>
        owner.Do($"delete container {container}", Endpoint, ct => service.GetBlobContainerClient(container).Delete(cancellationToken: ct), HttpStatusCode.NotFound);

    /// <summary>Write a block blob in one request (payloads are far below the SDK's single-upload limit).</summary>
    public void Put(string container, string name, byte[] data) =>
        owner.Do($"write blob {container}/{name}", Endpoint,
                 ct => service.GetBlobContainerClient(container).GetBlobClient(name).Upload(BinaryData.FromBytes(data), overwrite: true, ct));

    public byte[] Get(string container, string name) =>
        owner.Do($"read blob {container}/{name}", Endpoint,
                 ct => service.GetBlobContainerClient(container).GetBlobClient(name).DownloadContent(ct).Value.Content.ToArray());

    // ---- append blobs: the output of ranks that join a job with --collect-output (CloudMpi.Run/Join/OutputCollector.cs)

    /// <summary>The largest block one append takes (the service's limit is 4 MiB).</summary>
    public const int MaxAppendBytes = 4 * 1024 * 1024;

    /// <summary>Create (or empty) append blob <paramref name="name"/>.</summary>
    public void CreateAppend(string container, string name) =>
        owner.Do($"create blob {container}/{name}", Endpoint,
                 ct => service.GetBlobContainerClient(container).GetAppendBlobClient(name).Create(cancellationToken: ct));

    /// <summary>Append <paramref name="count"/> bytes (at most <see cref="MaxAppendBytes"/>) to an append blob.</summary>
    public void Append(string container, string name, byte[] data, int count) =>
        owner.Do($"append to blob {container}/{name}", Endpoint, ct =>
        {
            using var ms = new MemoryStream(data, 0, count, writable: false);
            service.GetBlobContainerClient(container).GetAppendBlobClient(name).AppendBlock(ms, cancellationToken: ct);
        });

    /// <summary>Names of the blobs in a container (none when it does not exist).</summary>
    public List<string> List(string container) =>
        owner.Do($"list blobs of {container}", Endpoint,
                 ct => service.GetBlobContainerClient(container).GetBlobs(cancellationToken: ct).Select(b => b.Name).ToList(),
                 HttpStatusCode.NotFound, []);
}
