using System.Net;
using Azure.Data.Tables;

namespace CloudMpi.Transports.Azure;

/// <summary>The table operations of the azure transport (the table barrier), through the SDK's <see cref="TableClient"/>.</summary>
internal sealed class TableStore(StorageClients owner, TableServiceClient service)
{
    internal Uri Endpoint => service.Uri;

    public void Create(string table) =>
        owner.Do($"create table {table}", Endpoint, ct => service.CreateTableIfNotExists(table, ct));

    public void Delete(string table) =>
        owner.Do($"delete table {table}", Endpoint, ct => service.DeleteTable(table, ct), HttpStatusCode.NotFound);

    /// <summary>Insert an entity with no properties; false if one with the same keys exists.</summary>
    public bool Insert(string table, string partitionKey, string rowKey) =>
        owner.Do($"insert into table {table}", Endpoint, ct =>
        {
            service.GetTableClient(table).AddEntity(new TableEntity(partitionKey, rowKey), ct);
            return true;
        }, HttpStatusCode.Conflict, false);

    /// <summary>The number of entities in one partition.</summary>
    public int CountPartition(string table, string partitionKey) =>
        owner.Do($"query table {table}", Endpoint, ct =>
            service.GetTableClient(table).Query<TableEntity>($"PartitionKey eq '{partitionKey}'", select: ["RowKey"], cancellationToken: ct).Count());
}
