using System.Net;
using Azure.Storage.Blobs;

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
}
